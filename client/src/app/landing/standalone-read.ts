import { useSyncExternalStore } from 'react';
import type { Read, ReadState } from '@client/lib/read-state';

const PENDING: ReadState<never> = {
  isPending: true,
  isError: false,
  isFetching: true,
  data: undefined,
  error: null,
  dataUpdatedAt: 0,
};

/**
 * A read the landing does before the app (and TanStack Query) has loaded. It behaves as the
 * app's queries do (no retry, no refetch on focus, an error keeps the last data), and the
 * app takes over what it holds when it replaces the landing.
 */
export class StandaloneRead<T> {
  private state: ReadState<T> = PENDING;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  inFlight: Promise<T> | undefined;

  constructor(
    private readonly fetcher: () => Promise<T>,
    private readonly intervalMs?: number,
  ) {}

  readonly current = () => this.state;

  /** Asks again, unless a request is on its way (it is joined). Never rejects. */
  readonly refetch = (): void => {
    if (this.inFlight) return;
    this.set({ ...this.state, isFetching: true });
    const request = this.fetcher();
    this.inFlight = request;
    request.then(
      (data) => {
        this.inFlight = undefined;
        this.set({
          isPending: false,
          isError: false,
          isFetching: false,
          data,
          error: null,
          dataUpdatedAt: Date.now(),
        });
      },
      (error: unknown) => {
        this.inFlight = undefined;
        this.set({
          ...this.state,
          isPending: false,
          isError: true,
          isFetching: false,
          error: error instanceof Error ? error : new Error(String(error)),
        });
      },
    );
  };

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.intervalMs && this.timer === undefined) {
      this.timer = setInterval(this.refetch, this.intervalMs);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer !== undefined) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  };

  private set(state: ReadState<T>) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** The prerendered landing shows every read pending, so hydrating does too (the server snapshot). */
export function useStandaloneRead<T>(read: StandaloneRead<T>): Read<T> {
  const state = useSyncExternalStore(read.subscribe, read.current, () => PENDING);
  return { ...state, refetch: read.refetch };
}
