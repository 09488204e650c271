import type { ReactNode } from 'react';
import type { toast as sonnerToast } from 'sonner';
import { toastPositionNow } from './toast-placement';

/**
 * The app's one way to show a toast, so callers never name the library. The Toaster is a
 * chunk of its own, and a toast waits for it to be mounted (sonner would lose it).
 */
export type ToastVariant = 'default' | 'info' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  /** info: nothing went wrong, nothing was done; destructive: a failure. */
  variant?: ToastVariant;
  duration?: number;
}

type Sonner = typeof sonnerToast;

let toasterMounted: (sonner: Sonner) => void = () => {};
const whenToasterMounted = new Promise<Sonner>((resolve) => {
  toasterMounted = resolve;
});

export function markToasterMounted(sonner: Sonner) {
  toasterMounted(sonner);
}

let pageToast: string | number | undefined;

/** Called as a dialog opens: a toast at the bottom would cover the dialog's main button. */
export function dismissPageToast() {
  const id = pageToast;
  pageToast = undefined;
  if (id !== undefined) dismissToast(id);
}

export function dismissToast(id?: string | number) {
  void whenToasterMounted.then((sonner) => sonner.dismiss(id));
}

/** One on screen at a time: a new toast replaces the one showing. */
export function toast({ title, description, variant = 'default', duration }: ToastOptions) {
  void whenToasterMounted.then(async (sonner) => {
    // After the next frame, so a dialog this toast's action closes has closed.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    sonner.dismiss();
    const position = toastPositionNow();
    const data = { description, duration, position };
    const show =
      variant === 'destructive' ? sonner.error : variant === 'info' ? sonner.info : sonner.success;
    const id = show(title, data);
    pageToast = position.startsWith('bottom') ? id : undefined;
  });
}
