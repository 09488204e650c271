import { lazy } from 'react';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUser } from '@client/features/auth/api/current-user';
import { WelcomeHero } from '@client/features/landing/components/welcome-hero';
import { PropPreviewSection } from '@client/features/prop-preview/components/prop-preview-section';
import { useDocumentTitle } from '@client/lib/use-document-title';

// Its own chunk: a visitor's landing does not carry it.
const SignedInHome = lazy(async () => ({
  default: (await import('./signed-in-home')).SignedInHome,
}));

export function HomeRoute() {
  const user = useUser();
  useDocumentTitle(user ? 'Your Groups' : undefined);
  if (user === undefined) return <LoadingState screen />;
  return user ? (
    <SignedInHome userId={user.id} />
  ) : (
    <WelcomeHero>
      <PropPreviewSection />
    </WelcomeHero>
  );
}
