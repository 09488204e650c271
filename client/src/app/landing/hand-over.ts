import type { Root } from 'react-dom/client';
import type * as TakeOver from '../take-over';

/**
 * The landing hands the visitor over to the app (decision 0030). The landing runs on its
 * own small script; the app's code (router, TanStack Query, every screen) is fetched when
 * the browser is idle, or as soon as a pointer or the keyboard reaches a link or Sign In.
 * What the landing cannot do itself (follow an in-app link, open the Sign In dialog) is
 * done by the app: it takes the landing's place on the page (take-over.tsx), looking the
 * same, and the visitor's click is passed to the same element there.
 */
type TakeOverModule = typeof TakeOver;

let landing: { container: HTMLElement; root: Root } | undefined;
let loading: Promise<TakeOverModule> | undefined;
let loaded: TakeOverModule | undefined;
let handedOver = false;

/** Called by landing-main.tsx once it has started hydrating the landing. */
export function registerLanding(container: HTMLElement, root: Root) {
  landing = { container, root };
}

/** Fetches the app (once) and what it needs to show the landing at once (its home screen). */
export function loadApp(): Promise<TakeOverModule> {
  loading ??= import('../take-over').then(
    async (module) => {
      await module.prepareTakeOver();
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // Offline or a new deploy: the next attempt asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The app when it has loaded, else undefined (a link then just navigates). */
export function appIfLoaded() {
  return loaded;
}

/** Fetches the app when the browser has nothing else to do. */
export function loadAppWhenIdle() {
  const load = () => void loadApp().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load);
  else setTimeout(load, 1);
}

/**
 * Puts the app in the landing's place and passes it `element`'s click (the same element in
 * the app's identical page). Once only: the landing is gone afterwards.
 */
export function handOver(app: TakeOverModule, element: Element) {
  if (handedOver || !landing) return;
  handedOver = true;
  const { container, root } = landing;
  // After React has finished dispatching the click that led here: the landing's root is
  // unmounted by the swap. Still before the next paint.
  queueMicrotask(() => {
    app.takeOverLanding({ container, root, clicked: element });
  });
}
