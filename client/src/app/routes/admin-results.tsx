import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingState } from '@client/components/ui/loading-state';
import { PageHeader } from '@client/components/ui/page-header';
import { useUser } from '@client/features/auth/api/current-user';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function AdminResultsRoute() {
  const user = useUser();
  useDocumentTitle(user?.isAdmin ? 'Admin Panel' : 'Access Denied');
  if (user === undefined) return <LoadingState />;

  if (!user?.isAdmin) {
    return (
      <>
        <EmptyState icon={ShieldAlert} title="Access Denied" titleAs="h1">
          You do not have permission to access this page.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Admin Panel" />
      <EmptyState icon={ShieldCheck} title="Coming soon">
        Master props, results, spreadsheet sync and official events will be managed here.
      </EmptyState>
    </>
  );
}
