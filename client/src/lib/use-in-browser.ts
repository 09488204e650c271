import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};
/** False while prerendering and hydrating, true from then on. */
export function useInBrowser() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
