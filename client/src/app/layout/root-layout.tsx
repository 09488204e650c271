import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@client/components/ui/loading-state';
import { Toaster } from '@client/components/ui/toaster';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-10"
      >
        {/* Screens are split into chunks; this shows only on a first visit's download. */}
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        Pick'em is free to play and just for fun.
      </footer>
      <Toaster />
    </div>
  );
}
