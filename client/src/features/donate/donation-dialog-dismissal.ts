/**
 * The browser remembers that its donation dialog was answered, so it is asked once per
 * browser (product rules §1). Exported for the browser tests, which pre-set it to keep the dialog
 * out of screens that are not about it.
 */
export const DONATION_DIALOG_DISMISSED_KEY = 'pickem.donation-dialog-dismissed';

export function isDonationDialogDismissed(): boolean {
  try {
    return window.localStorage.getItem(DONATION_DIALOG_DISMISSED_KEY) !== null;
  } catch {
    // Storage blocked (private mode): asking on every visit would nag, so do not ask.
    return true;
  }
}

export function rememberDonationDialogDismissed() {
  try {
    window.localStorage.setItem(DONATION_DIALOG_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Storage full or blocked: the dialog is closed for this page load all the same.
  }
}
