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
import { useStandaloneRead } from './standalone-read';
import { landingReads } from './landing-reads';

// Each its own chunk, off the landing's script.
const InstallOffer = lazy(async () => ({
  default: (await import('@client/features/pwa/components/install-offer')).InstallOffer,
}));
const UpdatePrompt = lazy(async () => ({
  default: (await import('@client/features/pwa/components/update-prompt')).UpdatePrompt,
}));
const loadSignInDialog = () => import('@client/features/auth/components/sign-in-dialog-body');

const landingLink = (props: AppLinkProps) => <LandingLink {...props} />;

/**
 * The page a signed-out visitor gets at `/`: the app's signed-out home from the same
 * components, without the router, TanStack Query or tailwind-merge. An in-app link or
 * Sign In hands the visitor over to the app.
 */
export function LandingPage() {
  const preview = useStandaloneRead(landingReads.preview);
  const config = useStandaloneRead(landingReads.config);
  const online = useOnlineStatus();
  const inBrowser = useInBrowser();
  // No navigator when prerendered at build time.
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
            {/* A visitor who has signed out since their first pick. */}
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

/** The Sign In dialog is the app's: a click hands over to the app, which opens it. */
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
