/**
 * Where a read stands: the part of TanStack Query's answer a screen shows. The app's
 * queries give it; the landing's own small reads (app/landing/landing-read.ts), which run
 * before TanStack Query has loaded, give the same (decision 0030).
 */
export interface ReadState<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: Error | null;
  /** When `data` was read (TanStack Query's dataUpdatedAt), 0 before. */
  dataUpdatedAt: number;
}

/** A read's state and the way to ask again (Try Again). */
export type Read<T> = ReadState<T> & { refetch: () => unknown };
