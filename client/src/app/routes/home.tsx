import { Plus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { PageHeader } from '@client/components/ui/page-header';
import { useUser } from '@client/features/auth/api/current-user';
import { UserGroupList } from '@client/features/groups/components/user-group-list';
import { WelcomeHero } from '@client/features/landing/components/welcome-hero';
import { PropPreviewSection } from '@client/features/prop-preview/components/prop-preview-section';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function HomeRoute() {
  const user = useUser();
  useDocumentTitle(user ? 'Your Groups' : undefined);
  if (user === undefined) return <LoadingState />;
  return user ? (
    <SignedInHome userId={user.id} />
  ) : (
    <WelcomeHero>
      <PropPreviewSection />
    </WelcomeHero>
  );
}

function SignedInHome({ userId }: { userId: number }) {
  // Every arrival on home, even a click on the title while already here, is a new
  // location: remounting the list makes it read the cards afresh (refetchOnMount).
  const { key } = useLocation();
  return (
    <>
      <PageHeader
        title="Your Groups"
        actions={
          <Button asChild>
            <Link to="/group-setup">
              <Plus aria-hidden />
              Join/Create
            </Link>
          </Button>
        }
      />
      <UserGroupList key={key} userId={userId} />
      <PropPreviewSection className="mt-12" />
    </>
  );
}
