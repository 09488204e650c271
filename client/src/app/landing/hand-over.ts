import type { Root } from 'react-dom/client';
import type * as ReplaceLanding from '../replace-landing';

/**
 * The landing runs on its own small script. The app's code is prefetched once the landing
 * is idle but only run when a pointer or the keyboard reaches a link or Sign In: run at
 * once, it kept a phone's main thread busy while the visitor was reading. The app then
 * takes the landing's place, looking the same, and gets the visitor's click.
 */
type ReplaceLandingModule = typeof ReplaceLanding;

let landing: { container: HTMLElement; root: Root } | undefined;
let loading: Promise<ReplaceLandingModule> | undefined;
let loaded: ReplaceLandingModule | undefined;
let handedOver = false;

export function registerLanding(container: HTMLElement, root: Root) {
  landing = { container, root };
}

/** Fetches the app (once) and its home screen. */
export function loadApp(): Promise<ReplaceLandingModule> {
  loading ??= import('../replace-landing').then(
    async (module) => {
      await module.prepareToReplaceLanding();
      loaded = module;
      // From now on a link's click is the app's (the browser tests wait for it).
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

export function appIfLoaded() {
  return loaded;
}

/**
 * Fetches the app's files into the browser's cache without running them. The build lists
 * them in `<meta name="app-files">`.
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

/** Puts the app in the landing's place and passes it `element`'s click. Once only. */
export function handOver(app: ReplaceLandingModule, element: Element) {
  if (handedOver || !landing) return;
  handedOver = true;
  const { container, root } = landing;
  // After React has finished dispatching this click: the swap unmounts the landing's root.
  queueMicrotask(() => {
    app.replaceLanding({ container, root, clicked: element });
  });
}
