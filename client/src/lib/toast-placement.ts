/**
 * Where a toast shows (decision 0038): never over what the user needs next.
 *
 * - Over a page, at the bottom: a page's title and its actions are at its top, and a toast
 *   usually follows an action that has just opened a page (a group created or joined: its
 *   invite code and Copy Invite Code, the home's Join/Create).
 * - Over an open dialog, at the top, under the sticky header: a dialog's main button is at
 *   its bottom, and a refusal toast asks the user to fix a field and press it again.
 *
 * Across the screen on phones (sonner's own phone layout below 600 px), in the right-hand
 * corner on wider screens.
 */
export type ToastPosition = 'top-center' | 'top-right' | 'bottom-center' | 'bottom-right';

/** Sonner's own breakpoint for its full-width phone layout. */
export const PHONE_TOASTS = '(max-width: 600px)';

export function toastPosition(screen: { phone: boolean; overDialog: boolean }): ToastPosition {
  if (screen.overDialog) return screen.phone ? 'top-center' : 'top-right';
  return screen.phone ? 'bottom-center' : 'bottom-right';
}

/** An open modal dialog (one closing, its exit animation still running, does not count). */
const OPEN_DIALOG = ':is([role="dialog"], [role="alertdialog"])[data-state="open"]';

/** The position for a toast shown now, from the screen as it is. */
export function toastPositionNow(): ToastPosition {
  return toastPosition({
    phone: window.matchMedia(PHONE_TOASTS).matches,
    overDialog: document.querySelector(OPEN_DIALOG) !== null,
  });
}
