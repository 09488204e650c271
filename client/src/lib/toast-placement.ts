/**
 * Never over what the user needs next: over a page, at the bottom (its title and actions
 * are at its top); over an open dialog, at the top under the sticky header (its main button
 * is at its bottom).
 */
export type ToastPosition = 'top-center' | 'top-right' | 'bottom-center' | 'bottom-right';

export const PHONE_TOASTS = '(max-width: 600px)';

export function toastPosition(screen: { phone: boolean; overDialog: boolean }): ToastPosition {
  if (screen.overDialog) return screen.phone ? 'top-center' : 'top-right';
  return screen.phone ? 'bottom-center' : 'bottom-right';
}

/** One closing, its exit animation still running, does not count. */
const OPEN_DIALOG = ':is([role="dialog"], [role="alertdialog"])[data-state="open"]';

export function toastPositionNow(): ToastPosition {
  return toastPosition({
    phone: window.matchMedia(PHONE_TOASTS).matches,
    overDialog: document.querySelector(OPEN_DIALOG) !== null,
  });
}
