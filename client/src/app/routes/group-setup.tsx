import { UsersRound } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function GroupSetupRoute() {
  useDocumentTitle('Create or Join a Group');
  return (
    <>
      <PageHeader title="Create or Join a Group" />
      <EmptyState icon={UsersRound} title="Coming soon">
        Creating a group and joining one with an invite code will be available here shortly.
      </EmptyState>
    </>
  );
}
