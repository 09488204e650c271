import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUser } from '@client/features/auth/api/current-user';
import { AdminPanel } from '@client/features/admin/components/admin-panel';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function AdminResultsRoute() {
  const user = useUser();
  useDocumentTitle(user?.isAdmin ? 'Admin Panel' : 'Access Denied');
  if (user === undefined) return <LoadingState screen />;

  // Product rules §6: only the admin's screen mounts the panel, so nobody else fetches the list.
  if (!user?.isAdmin) {
    return (
      <EmptyState icon={ShieldAlert} title="Access Denied" titleAs="h1">
        You do not have permission to access this page.
      </EmptyState>
    );
  }

  return <AdminPanel userId={user.id} />;
}
