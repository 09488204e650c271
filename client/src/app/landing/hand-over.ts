import type { Root } from 'react-dom/client';
import type * as TakeOver from '../take-over';

/**
 * The landing hands the visitor over to the app (decision 0030). The landing runs on its
 * own small script; the app's code (router, TanStack Query, every screen) is in the
 * browser's cache early (prefetched once the landing is idle) but only run as soon
 * as a pointer or the keyboard reaches a link or Sign In: run at once, it kept a phone's
 * main thread busy while the visitor was reading.
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
      // Said on the page: from now on a link's click is the app's (the browser tests wait
      // for it before checking that).
      document.documentElement.dataset.app = 'loaded';
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

/**
 * Fetches the app's files into the browser's cache once the landing is idle, without
 * running them: a click then only waits for them to run. The build lists them in the
 * page (`<meta name="app-files">`, scripts/build.mjs).
 */
export function prefetchAppWhenIdle() {
  const prefetch = () => {
    const files = document.querySelector<HTMLMetaElement>('meta[name="app-files"]')?.content;
    for (const href of files?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      // As a module script asks for it, so the cached copy is the one import() uses.
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch);
  else setTimeout(prefetch, 1);
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
