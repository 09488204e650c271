import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { AppLinkContext, type AppLinkProps } from '@client/components/app-link';
import { HeaderSignInButton } from '@client/features/auth/components/sign-in-button';
import { DonateLink } from '@client/features/donate/components/donate-link';
import { WelcomeHero } from '@client/features/landing/components/welcome-hero';
import { arrangeForThisVisit } from '@client/features/prop-preview/arrange-preview';
import { PropPreview } from '@client/features/prop-preview/components/prop-preview';
import { OfflineBanner } from '@client/features/pwa/components/offline-banner';
import { installOfferNow, subscribeInstallOffer } from '@client/features/pwa/install-prompt-state';
import { useOnlineStatus } from '@client/features/pwa/use-online-status';
import { useInBrowser } from '@client/lib/use-in-browser';
import { HeaderBar } from '../layout/header-bar';
import { PageFrame } from '../layout/page-frame';
import { handOver, loadApp } from './hand-over';
import { LandingLink } from './landing-link';
import { useLandingRead } from './landing-read';
import { landingReads } from './landing-reads';

// Each its own chunk, off the landing's script (decision 0030), as in the app's layout.
const InstallOffer = lazy(async () => ({
  default: (await import('@client/features/pwa/components/install-offer')).InstallOffer,
}));
const UpdatePrompt = lazy(async () => ({
  default: (await import('@client/features/pwa/components/update-prompt')).UpdatePrompt,
}));
const loadSignInDialog = () => import('@client/features/auth/components/sign-in-dialog-body');

const landingLink = (props: AppLinkProps) => <LandingLink {...props} />;

/**
 * The page a signed-out visitor gets at `/` (landing.html: prerendered by prerender.tsx,
 * hydrated by landing-main.tsx): the app's signed-out home in the app's layout, from the
 * same components, without the router, TanStack Query or tailwind-merge. What needs the
 * app (an in-app link, Sign In) hands the visitor over to it (hand-over.ts).
 */
export function LandingPage() {
  const preview = useLandingRead(landingReads.preview);
  const config = useLandingRead(landingReads.config);
  const online = useOnlineStatus();
  const inBrowser = useInBrowser();
  // (No navigator when the landing is prerendered at build time: online then.)
  const [openedOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const installOffer = useSyncExternalStore(subscribeInstallOffer, installOfferNow, () => null);

  return (
    <AppLinkContext value={landingLink}>
      <PageFrame
        header={
          <HeaderBar atHome>
            <DonateLink href={config.data?.donateUrl ?? null} />
            <LandingSignInButton />
          </HeaderBar>
        }
        banner={!online && !openedOffline ? <OfflineBanner /> : null}
        after={
          <Suspense fallback={null}>
            {/* After the first pick (decision 0015): a visitor who has signed out since. */}
            {installOffer ? <InstallOffer /> : null}
            {inBrowser ? <UpdatePrompt /> : null}
          </Suspense>
        }
      >
        <WelcomeHero>
          <PropPreview
            preview={{
              ...preview,
              data: preview.data === undefined ? undefined : arrangeForThisVisit(preview.data),
            }}
          />
        </WelcomeHero>
      </PageFrame>
    </AppLinkContext>
  );
}

/**
 * Sign In: the dialog and its forms are the app's, so a click hands over to the app (loaded
 * by then, or waited for), which opens the dialog from its own identical button.
 */
function LandingSignInButton() {
  const preload = () => {
    void loadApp().catch(() => undefined);
    void loadSignInDialog().catch(() => undefined);
  };
  return (
    <HeaderSignInButton
      expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        const button = event.currentTarget;
        void loadApp().then(
          (app) => handOver(app, button),
          // Not loadable (offline without the service worker's copy): nothing to open.
          () => undefined,
        );
      }}
    />
  );
}
