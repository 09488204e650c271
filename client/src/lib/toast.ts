import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';

/**
 * The app's one way to show a toast (decision 0021): a thin layer over sonner so callers
 * say what happened (`variant`) and never which library draws it. The Toaster
 * (`components/ui/toaster.tsx`) sets where and how long.
 */
export type ToastVariant = 'default' | 'info' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  /** default: something done (a check); info: nothing went wrong, nothing was done; destructive: a failure (red). */
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the Toaster's default is 5000. */
  duration?: number;
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string | number) {
  sonner.dismiss(id);
}

/**
 * Shows a toast from anywhere (event handlers, mutation callbacks); returns its id.
 * Only one is on screen at a time: a new toast replaces the one showing.
 */
export function toast({ title, description, variant = 'default', duration }: ToastOptions) {
  sonner.dismiss();
  const data = { description, duration };
  if (variant === 'destructive') return sonner.error(title, data);
  if (variant === 'info') return sonner.info(title, data);
  return sonner.success(title, data);
}
