import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
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

// Not part of any first paint: each is its own chunk, fetched when it has something to
// show (the signed-in home's donation offer) or, for the service worker's update check,
// after the screen is up.
const DonationDialog = lazy(async () => ({
  default: (await import('@client/features/donate/components/donation-dialog')).DonationDialog,
}));
// Sonner comes with it (lib/toast.ts waits for it to be mounted).
const Toaster = lazy(async () => ({
  default: (await import('@client/components/ui/toaster')).Toaster,
}));
const UpdatePrompt = lazy(async () => ({
  default: (await import('@client/features/pwa/components/update-prompt')).UpdatePrompt,
}));

export function RootLayout() {
  const { data: user, isPlaceholderData } = useQuery(currentUserQueryOptions());
  const { pathname } = useLocation();
  // Product rules §1: the donation dialog belongs to the signed-in home ('/'). Mounted here rather
  // than in the home screen so that screen stays about the groups. Only once the server
  // has confirmed the session: the stored copy may belong to an expired one.
  const onSignedInHome = Boolean(user) && !isPlaceholderData && pathname === '/';
  // Not before the new user has joined or created a group (issue 12): a request for money
  // before they have played is the wrong first impression. The home reads the same list.
  const { data: groups } = useQuery({
    ...userGroupsQueryOptions(user?.id ?? 0),
    enabled: onSignedInHome,
    refetchOnMount: false,
  });
  // Official events listed to join (isJoined false) are not the user's groups.
  const hasPlayed = groups?.some((group) => group.isJoined) ?? false;
  // Opened without a connection (the service worker gave the shell): the offline screen.
  // Dropped during a visit: what is on screen stays, under a banner.
  const online = useOnlineStatus();
  const inBrowser = useInBrowser();
  // (No navigator when the landing is prerendered at build time: online then.)
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
