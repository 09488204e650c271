/** Product rules §1: asked once per browser. The browser tests pre-set it. */
export const DONATION_DIALOG_DISMISSED_KEY = 'pickem.donation-dialog-dismissed';

export function isDonationDialogDismissed(): boolean {
  try {
    return window.localStorage.getItem(DONATION_DIALOG_DISMISSED_KEY) !== null;
  } catch {
    // Storage blocked (private mode): asking on every visit would nag.
    return true;
  }
}

export function rememberDonationDialogDismissed() {
  try {
    window.localStorage.setItem(DONATION_DIALOG_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Storage full or blocked: the dialog stays closed for this page load.
  }
}
