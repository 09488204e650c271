import type { ReactNode } from 'react';
import type { toast as sonnerToast } from 'sonner';
import { toastPositionNow } from './toast-placement';

/**
 * The app's one way to show a toast (decision 0021): a thin layer over sonner so callers
 * say what happened (`variant`) and never which library draws it. Where it shows is
 * toast-placement.ts's rule; how long, the Toaster's (`components/ui/toaster.tsx`).
 *
 * Sonner is not part of any first paint (decision 0014): the Toaster is a chunk of its
 * own, mounted once the page is up, and a toast waits for it to be mounted (a toast sent
 * to sonner before its Toaster listens would be lost).
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

type Sonner = typeof sonnerToast;

let toasterMounted: (sonner: Sonner) => void = () => {};
const whenToasterMounted = new Promise<Sonner>((resolve) => {
  toasterMounted = resolve;
});

/** Called by the Toaster once it listens: toasts sent before then are shown now. */
export function markToasterMounted(sonner: Sonner) {
  toasterMounted(sonner);
}

/** The toast showing at the bottom of a page, if any: a dialog that opens closes it. */
let pageToast: string | number | undefined;

/**
 * Closes the toast showing over the page, if any (decision 0038): called as a dialog opens,
 * since a toast at the bottom would cover the dialog's main button. What it said was about
 * the page, which the user has left for the dialog.
 */
export function dismissPageToast() {
  const id = pageToast;
  pageToast = undefined;
  if (id !== undefined) dismissToast(id);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string | number) {
  void whenToasterMounted.then((sonner) => sonner.dismiss(id));
}

/**
 * Shows a toast from anywhere (event handlers, mutation callbacks), as soon as the Toaster
 * is mounted. Only one is on screen at a time: a new toast replaces the one showing.
 */
export function toast({ title, description, variant = 'default', duration }: ToastOptions) {
  void whenToasterMounted.then(async (sonner) => {
    // After the next frame, so a dialog that this toast's action closes has closed (its
    // state is committed by then) and the toast goes where the page will be seen.
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
