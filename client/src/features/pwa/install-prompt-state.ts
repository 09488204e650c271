/**
 * The install offer comes after the first pick, when the app has shown its worth. iOS
 * Safari has no `beforeinstallprompt`, so it gets the Add to Home Screen hint.
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

import { isIosSafari, isStandalone } from '@client/lib/platform';

const PICKED_KEY = 'pickem.first-pick-made';
const DISMISSED_KEY = 'pickem.install-offer-dismissed';
const listeners = new Set<() => void>();
let deferred: BeforeInstallPromptEvent | null = null;

const notify = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
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

export function installOfferNow(): InstallOffer {
  if (!recalled(PICKED_KEY) || recalled(DISMISSED_KEY) || isStandalone()) return null;
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios-hint' : null;
}

export async function promptInstall() {
  const event = deferred;
  if (!event) return;
  deferred = null;
  await event.prompt();
  await event.userChoice;
  dismissInstallOffer();
}
