import type { ReactNode } from 'react';
import { AppLink } from '@client/components/app-link';

/** The navy bar at the top of every page, shared by the app's header and the landing's. */
export function HeaderBar({ atHome, children }: { atHome: boolean; children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 bg-navy text-navy-foreground shadow-md">
      <SkipToContent />
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6"
      >
        <AppLink
          to="/"
          onClick={() => {
            // Already home: no route change to scroll to the top, so do it here.
            if (atHome) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
          }}
          className="-ml-2 flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-2 text-xl font-extrabold tracking-tight focus-visible:ring-2 focus-visible:ring-gold focus-visible:ring-offset-2 focus-visible:ring-offset-navy focus-visible:outline-none"
        >
          <LogoMark />
          Pick'em
        </AppLink>

        <div className="flex min-w-0 items-center gap-1 sm:gap-2">{children}</div>
      </nav>
    </header>
  );
}

function SkipToContent() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Focus the main region without adding #main to the URL.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only rounded-lg bg-gold px-4 py-3 font-semibold text-gold-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}

function LogoMark() {
  return (
    <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-gold" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        className="stroke-navy"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
