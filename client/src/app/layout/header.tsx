import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { JOIN_PATH_PREFIX } from '@shared/domain/invite-link';
import { SignInDialog } from '@client/features/auth/components/sign-in-dialog';
import { useUser } from '@client/features/auth/api/current-user';
import { useDonateUrl } from '@client/features/donate/api/public-config';
import { DonateLink } from '@client/features/donate/components/donate-link';
import { HeaderBar } from './header-bar';

// Signed-in screens only: its own chunk, so a visitor's first paint does not carry it.
const UserMenu = lazy(async () => ({
  default: (await import('@client/features/auth/components/user-menu')).UserMenu,
}));

export function Header() {
  const user = useUser();
  const donateUrl = useDonateUrl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const goHome = () => void navigate('/');
  // On a join link the card takes over once signed in (join, or straight to the group).
  const afterSignIn = () => {
    if (!pathname.startsWith(JOIN_PATH_PREFIX)) goHome();
  };

  return (
    <HeaderBar atHome={pathname === '/'}>
      <DonateLink href={donateUrl} />
      {user === undefined ? (
        <UserMenuPlaceholder />
      ) : user ? (
        <Suspense fallback={<UserMenuPlaceholder />}>
          <UserMenu user={user} onLoggedOut={goHome} />
        </Suspense>
      ) : (
        <SignInDialog onSignedIn={afterSignIn} />
      )}
    </HeaderBar>
  );
}

export function UserMenuPlaceholder() {
  return <div aria-hidden className="h-11 w-28 animate-pulse rounded-lg bg-white/15" />;
}
