import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { SignedInOnly } from './layout/signed-in-only';

/**
 * Each screen is its own chunk, loaded the first time its route is visited. `preload()`
 * loads it ahead: once loaded, the screen renders at once instead of suspending, which is
 * what taking over the prerendered landing needs (take-over.tsx): a screen suspending there
 * would be thrown away and painted again.
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
  function Screen() {
    return createElement(loaded ?? Lazy);
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
const NotFoundRoute = lazyScreen(() => import('./routes/not-found'), 'NotFoundRoute');

/**
 * Starts loading the screen of the page being opened while the session is still being
 * asked for: the screen is ready when the answer comes, instead of its chunk being
 * imported (and suspending) only then (the 300-prop group page, decision 0023).
 */
export function preloadScreenOf(pathname: string) {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.Component as
    { preload?: () => Promise<unknown> } | null | undefined;
  void leaf?.preload?.();
}

/** The home screen, loaded before the app takes the prerendered landing's place (take-over.tsx). */
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

/**
 * The route table rendered by the declarative router (`<BrowserRouter>` in the browser,
 * `<StaticRouter>` in app/landing/landing-page.test.tsx): the app has no loaders or
 * actions, and the data router is 15 KB more (decision 0014).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
