import { Plus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { PageHeader } from '@client/components/ui/page-header';
import { UserGroupList } from '@client/features/groups/components/user-group-list';
import { PropPreviewSection } from '@client/features/prop-preview/components/prop-preview-section';

/** Home for a signed-in user (product rules §2 'Your Groups'); loaded by home.tsx. */
export function SignedInHome({ userId }: { userId: number }) {
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
