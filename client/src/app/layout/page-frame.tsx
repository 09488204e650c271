import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';

/**
 * Every page's frame. The app's layout, the landing and the group page's first paint all
 * render it, so what the HTML paints first is what the app draws over it.
 */
export function PageFrame({
  header,
  banner,
  after,
  children,
}: {
  header: ReactNode;
  banner?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      {header}
      {banner}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-10"
      >
        {children}
      </main>
      <SiteFooter />
      {after}
    </div>
  );
}
