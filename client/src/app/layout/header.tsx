import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { JOIN_PATH_PREFIX } from '@shared/domain/invite-link';
import { SignInDialog } from '@client/features/auth/components/sign-in-dialog';
import { useUser } from '@client/features/auth/api/current-user';
import { DonateLink } from '@client/features/donate/components/donate-link';

// The menu (Radix dropdown and the logout confirmation) is for signed-in screens only:
// its own chunk, so a visitor's first paint does not carry it.
const UserMenu = lazy(async () => ({
  default: (await import('@client/features/auth/components/user-menu')).UserMenu,
}));

// Gold on navy: the focus ring must stand out against the dark bar.
const onNavyFocus = 'focus-visible:ring-gold focus-visible:ring-offset-navy';

export function Header() {
  const user = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const goHome = () => void navigate('/');
  // On a join link the card takes over once signed in (join, or straight to the group).
  const afterSignIn = () => {
    if (!pathname.startsWith(JOIN_PATH_PREFIX)) goHome();
  };

  return (
    <header className="sticky top-0 z-40 bg-navy text-navy-foreground shadow-md">
      <SkipToContent />
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6"
      >
        <Link
          to="/"
          onClick={() => {
            // Already home: no route change to scroll to the top, so do it here.
            if (pathname === '/') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
          }}
          className={`-ml-2 flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-2 text-xl font-extrabold tracking-tight focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none ${onNavyFocus}`}
        >
          <LogoMark />
          Pick'em
        </Link>

        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <DonateLink className={`text-navy-foreground hover:bg-white/10 ${onNavyFocus}`} />
          {user === undefined ? (
            <UserMenuPlaceholder />
          ) : user ? (
            <Suspense fallback={<UserMenuPlaceholder />}>
              <UserMenu
                user={user}
                onLoggedOut={goHome}
                // Shrinks and truncates a long name instead of pushing the header wider.
                triggerClassName={`min-w-0 shrink px-3 text-navy-foreground hover:bg-white/10 ${onNavyFocus}`}
              />
            </Suspense>
          ) : (
            <SignInDialog
              onSignedIn={afterSignIn}
              triggerClassName={`bg-gold text-gold-foreground hover:bg-gold/85 ${onNavyFocus}`}
            />
          )}
        </div>
      </nav>
    </header>
  );
}

function UserMenuPlaceholder() {
  return <div aria-hidden className="h-11 w-28 animate-pulse rounded-lg bg-white/15" />;
}

/** Lets keyboard users jump past the header; visible only while focused. */
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
