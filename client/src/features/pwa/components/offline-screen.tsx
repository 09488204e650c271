import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** The shell comes from the service worker; the data cannot. */
export function OfflineScreen() {
  useDocumentTitle("You're offline");
  return (
    <EmptyState
      icon={WifiOff}
      title="You're offline"
      titleAs="h1"
      action={
        <Button type="button" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          Try Again
        </Button>
      }
    >
      <p>Pick'em needs a connection to load your groups and save your picks.</p>
      <p className="mt-2 text-sm">Once you are back online, tap Try Again.</p>
    </EmptyState>
  );
}
