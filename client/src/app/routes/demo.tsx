import { ArrowLeft, Presentation } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function DemoRoute() {
  useDocumentTitle('Demo Group');
  return (
    <>
      <PageHeader title="Demo Group" />
      <EmptyState
        icon={Presentation}
        title="Coming soon"
        action={
          <Button asChild variant="outline">
            <Link to="/">
              <ArrowLeft aria-hidden />
              Back to Home
            </Link>
          </Button>
        }
      >
        A demonstration group with sample props, picks and a leaderboard will show how Pick'em
        works.
      </EmptyState>
    </>
  );
}
