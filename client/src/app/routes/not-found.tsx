import { ArrowLeft, MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <>
      <EmptyState
        icon={MapPinOff}
        title="Page Not Found"
        titleAs="h1"
        action={
          <Button asChild>
            <Link to="/">
              <ArrowLeft aria-hidden />
              Back to Home
            </Link>
          </Button>
        }
      >
        The page you are looking for does not exist or has moved.
      </EmptyState>
    </>
  );
}
