import { MapPinOff } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BackToHomeButton } from '../layout/back-to-home-button';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <>
      <EmptyState
        icon={MapPinOff}
        title="Page Not Found"
        titleAs="h1"
        action={<BackToHomeButton />}
      >
        The page you are looking for does not exist or has moved.
      </EmptyState>
    </>
  );
}
