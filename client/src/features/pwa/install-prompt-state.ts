/**
 * The install offer (decision 0015): not on the first visit but after the first pick,
 * when the app has shown its worth. Chrome and Edge hand over a `beforeinstallprompt`
 * event to show their dialog later; iOS Safari has none, so it gets the Share → Add to
 * Home Screen hint. A dismissal is remembered per browser.
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const PICKED_KEY = 'pickem.first-pick-made';
const DISMISSED_KEY = 'pickem.install-offer-dismissed';
const listeners = new Set<() => void>();
let deferred: BeforeInstallPromptEvent | null = null;

const notify = () => listeners.forEach((listener) => listener());

/** Called once at start-up, before the browser fires the event. */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar from showing on the first visit.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    remember(DISMISSED_KEY);
  });
}

function remember(key: string) {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Blocked storage: the offer simply does not come back.
  }
  notify();
}

const recalled = (key: string) => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

export const markFirstPick = () => {
  if (!recalled(PICKED_KEY)) remember(PICKED_KEY);
};
export const dismissInstallOffer = () => remember(DISMISSED_KEY);

export function subscribeInstallOffer(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type InstallOffer = 'prompt' | 'ios-hint' | null;

function isStandalone() {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone or iPad Safari (iPadOS reports itself as a Mac with touch). */
function isIosSafari() {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

export function installOfferNow(): InstallOffer {
  if (!recalled(PICKED_KEY) || recalled(DISMISSED_KEY) || isStandalone()) return null;
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios-hint' : null;
}

/** Shows the browser's install dialog; either answer ends the offer. */
export async function promptInstall() {
  const event = deferred;
  if (!event) return;
  deferred = null;
  await event.prompt();
  await event.userChoice;
  dismissInstallOffer();
}
