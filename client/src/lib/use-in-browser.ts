import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};
/**
 * False while the landing is prerendered at build time and while React takes that HTML
 * over, true from then on: what only makes sense in a browser (registering the service
 * worker, the toasts' region) waits for it.
 */
export function useInBrowser() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
