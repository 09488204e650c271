import { useSyncExternalStore, type ReactNode } from 'react';

/** Spec §9: only one toast is shown at a time. */
const TOAST_LIMIT = 1;
/**
 * Spec §9: a dismissed toast stays in the store this long. Radix has already animated it
 * out by then; keeping the entry only mirrors the original product's timing.
 */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the Toaster's default is 5000 (spec §9). */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastEntry[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((entry) => entry.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  setToasts(
    toasts.map((entry) => {
      if (id !== undefined && entry.id !== id) return entry;
      scheduleRemoval(entry.id);
      return { ...entry, open: false };
    }),
  );
}

/** Shows a toast from anywhere (event handlers, mutation callbacks); returns its id. */
export function toast(options: ToastOptions): string {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const dropped = toasts.slice(TOAST_LIMIT - 1);
  for (const entry of dropped) {
    const timer = removalTimers.get(entry.id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(entry.id);
  }
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** The toasts in the store right now, newest first. */
export function currentToasts(): ToastEntry[] {
  return toasts;
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(subscribe, currentToasts);
}
