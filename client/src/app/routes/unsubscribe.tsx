import { useSearchParams } from 'react-router';
import { UnsubscribeCard } from '@client/features/notifications/components/unsubscribe-card';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  return <UnsubscribeCard token={params.get('token') ?? ''} />;
}
