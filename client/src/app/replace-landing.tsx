import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { markSignedOutPerServer } from '@client/features/auth/api/current-user';
import { publicConfigQueryKey } from '@client/features/donate/api/public-config';
import { propsPreviewQueryKey } from '@client/lib/query-keys';
import { App } from './app';
import type { StandaloneRead } from './landing/standalone-read';
import { landingReads } from './landing/landing-reads';
import { keepScrollOnFirstPage } from './layout/scroll-to-top';
import { createAppQueryClient } from './providers';
import { preloadHomeScreen } from './router';

/**
 * Loaded by app/landing/hand-over.ts. The app's signed-out `/` is made of the landing's
 * components, so swapping one for the other shows nothing.
 */

/** A home screen still loading would flash its placeholder during the swap. */
export async function prepareToReplaceLanding() {
  await preloadHomeScreen();
}

export function replaceLanding({
  container,
  root,
  clicked,
}: {
  container: HTMLElement;
  root: Root;
  clicked: Element;
}) {
  const clickedPath = pathFrom(container, clicked);
  const focused = document.activeElement;
  const focusedPath =
    focused && container.contains(focused) ? pathFrom(container, focused) : undefined;

  // landing.html is only sent to a browser without a session cookie.
  markSignedOutPerServer();
  const queryClient = createAppQueryClient();
  handOverRead(queryClient, propsPreviewQueryKey, landingReads.preview);
  handOverRead(queryClient, publicConfigQueryKey, landingReads.config);
  keepScrollOnFirstPage();

  // In one task, so the browser never paints the empty page between the two.
  root.unmount();
  const app = createRoot(container);
  flushSync(() => {
    app.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });

  if (focusedPath) elementAt(container, focusedPath)?.focus({ preventScroll: true });
  elementAt(container, clickedPath)?.click();
}

/**
 * The landing's reads become the app's cached answers; one still on its way is joined.
 * A failed read is left out: the app asks again.
 */
function handOverRead<T>(queryClient: QueryClient, queryKey: QueryKey, read: StandaloneRead<T>) {
  const { data, dataUpdatedAt } = read.current();
  if (data !== undefined) {
    queryClient.setQueryData(queryKey, data, { updatedAt: dataUpdatedAt });
    return;
  }
  const inFlight = read.inFlight;
  if (inFlight) void queryClient.prefetchQuery({ queryKey, queryFn: () => inFlight });
}

/** The element's place under `container`: its child index, level by level. */
function pathFrom(container: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== container;) {
    const parent = node.parentElement;
    if (!parent) return [];
    path.unshift([...parent.children].indexOf(node));
    node = parent;
  }
  return path;
}

function elementAt(container: Element, path: number[]): HTMLElement | undefined {
  let node: Element | undefined = container;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement && node !== container ? node : undefined;
}
