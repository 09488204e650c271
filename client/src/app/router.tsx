import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { SignedInOnly } from './layout/signed-in-only';

/**
 * Each screen is its own chunk. `preload()` loads it ahead so it renders at once instead
 * of suspending, as replacing the prerendered landing needs.
 */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  let loaded: ComponentType | undefined;
  const loadScreen = async () => {
    loaded = (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await loadScreen() }));
  // The type a screen first renders as stays: switching from Lazy to the loaded component
  // would mount the whole screen again, losing its state.
  let rendered: ComponentType | undefined;
  function Screen() {
    rendered ??= loaded ?? Lazy;
    return createElement(rendered);
  }
  Screen.preload = loadScreen;
  return Screen;
}

const HomeRoute = lazyScreen(() => import('./routes/home'), 'HomeRoute');
const AboutRoute = lazyScreen(() => import('./routes/about'), 'AboutRoute');
const DemoRoute = lazyScreen(() => import('./routes/demo'), 'DemoRoute');
const AdminResultsRoute = lazyScreen(() => import('./routes/admin-results'), 'AdminResultsRoute');
const SettingsRoute = lazyScreen(() => import('./routes/settings'), 'SettingsRoute');
const GroupSetupRoute = lazyScreen(() => import('./routes/group-setup'), 'GroupSetupRoute');
const GroupRoute = lazyScreen(() => import('./routes/group'), 'GroupRoute');
const JoinRoute = lazyScreen(() => import('./routes/join'), 'JoinRoute');
const UnsubscribeRoute = lazyScreen(() => import('./routes/unsubscribe'), 'UnsubscribeRoute');
const NotFoundRoute = lazyScreen(() => import('./routes/not-found'), 'NotFoundRoute');

/**
 * Starts loading the screen of the page being opened while the session is still being
 * asked for, so the screen is ready when the answer comes instead of suspending then.
 */
export function preloadScreenOf(pathname: string) {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.Component as
    { preload?: () => Promise<unknown> } | null | undefined;
  void leaf?.preload?.();
}

export const preloadHomeScreen = () => HomeRoute.preload();

/** Product rules §2 route table. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        // Inside the layout, so a failing screen keeps the header and a way home.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, Component: HomeRoute },
          { path: 'about', Component: AboutRoute },
          { path: 'demo', Component: DemoRoute },
          // Open to visitors: the card asks them to sign in, then joins them.
          { path: 'join/:code', Component: JoinRoute },
          // Open: an e-mail's unsubscribe link works signed out (the token says who).
          { path: 'unsubscribe', Component: UnsubscribeRoute },
          // Open route; the screen itself shows Access Denied to non-admins.
          { path: 'admin/results', Component: AdminResultsRoute },
          {
            // Product rules §2: signed-out visitors see home in place of these.
            element: <SignedInOnly signedOut={<HomeRoute />} />,
            children: [
              { path: 'settings', Component: SettingsRoute },
              { path: 'group-setup', Component: GroupSetupRoute },
              { path: 'group/:id', Component: GroupRoute },
            ],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];

/** Declarative routes: the app has no loaders or actions, and the data router is 15 KB more. */
export function AppRoutes() {
  return useRoutes(routes);
}
