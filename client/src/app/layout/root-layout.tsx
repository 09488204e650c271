import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { noteScreen } from '@client/lib/query-client';
import { useInBrowser } from '@client/lib/use-in-browser';
import { currentUserQueryOptions } from '@client/features/auth/api/current-user';
import { userGroupsQueryOptions } from '@client/features/groups/api/user-groups';
import { InstallOffer } from '@client/features/pwa/components/install-offer';
import { OfflineBanner } from '@client/features/pwa/components/offline-banner';
import { OfflineScreen } from '@client/features/pwa/components/offline-screen';
import { useOnlineStatus } from '@client/features/pwa/use-online-status';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';
import { PageFrame } from './page-frame';
import { ScreenLoading } from './screen-loading';

// Not part of any first paint: each is its own chunk, fetched when it has something to show.
const DonationDialog = lazy(async () => ({
  default: (await import('@client/features/donate/components/donation-dialog')).DonationDialog,
}));
const Toaster = lazy(async () => ({
  default: (await import('@client/components/ui/toaster')).Toaster,
}));
const PendingPicks = lazy(async () => ({
  default: (await import('@client/features/props/components/pending-picks')).PendingPicks,
}));
const UpdatePrompt = lazy(async () => ({
  default: (await import('@client/features/pwa/components/update-prompt')).UpdatePrompt,
}));

export function RootLayout() {
  const { key, pathname } = useLocation();
  noteScreen(key);
  const { data: user, isPlaceholderData } = useQuery(currentUserQueryOptions());
  // Product rules §1: the donation dialog belongs to the signed-in home, once the server has
  // confirmed the session (the stored copy may belong to an expired one).
  const onSignedInHome = Boolean(user) && !isPlaceholderData && pathname === '/';
  // Not before the user has joined or created a group: asking for money before they have
  // played is the wrong first impression.
  const { data: groups } = useQuery({
    ...userGroupsQueryOptions(user?.id ?? 0),
    enabled: onSignedInHome,
    refetchOnMount: false,
  });
  // Official events listed to join (isJoined false) are not the user's groups.
  const hasPlayed = groups?.some((group) => group.isJoined) ?? false;
  // Opened without a connection: the offline screen. Dropped during a visit: a banner.
  const online = useOnlineStatus();
  const inBrowser = useInBrowser();
  const [openedOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);

  return (
    <PageFrame
      header={
        <>
          <ScrollToTop />
          <Header />
        </>
      }
      banner={!online && !openedOffline ? <OfflineBanner /> : null}
      after={
        <>
          <InstallOffer />
          <Suspense fallback={null}>
            {onSignedInHome && hasPlayed ? <DonationDialog /> : null}
            {inBrowser ? <UpdatePrompt /> : null}
            {inBrowser && user ? <PendingPicks userId={user.id} /> : null}
          </Suspense>
          <Suspense fallback={null}>{inBrowser ? <Toaster /> : null}</Suspense>
        </>
      }
    >
      {/* Screens are split into chunks; this shows only on a first visit's download. */}
      {!online && openedOffline ? (
        <OfflineScreen />
      ) : (
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      )}
    </PageFrame>
  );
}
