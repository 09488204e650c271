import { ArrowLeft, ListChecks } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function GroupRoute() {
  useDocumentTitle('Group');
  const { id } = useParams();
  return (
    <>
      <PageHeader title="Group" description={id ? `Group #${id}` : undefined} />
      <EmptyState icon={ListChecks} title="Coming soon" action={<BackToHome />}>
        Props, picks, the leaderboard and recent activity for this group will appear here.
      </EmptyState>
    </>
  );
}

function BackToHome() {
  return (
    <Button asChild variant="outline">
      <Link to="/">
        <ArrowLeft aria-hidden />
        Back to Home
      </Link>
    </Button>
  );
}
