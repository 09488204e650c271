import { Plus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { PageHeader } from '@client/components/ui/page-header';
import { UserGroupList } from '@client/features/groups/components/user-group-list';
import { PropPreviewSection } from '@client/features/prop-preview/components/prop-preview-section';

/** Product rules §2 'Your Groups'. */
export function SignedInHome({ userId }: { userId: number }) {
  // Every arrival on home is a new location: remounting the list reads the cards afresh.
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
