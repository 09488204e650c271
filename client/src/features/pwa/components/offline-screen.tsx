import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

/**
 * What the installed app shows when it opens without a connection, instead of the
 * browser's error page: the shell comes from the service worker, the data cannot.
 */
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

/** A thin notice while the connection drops during a visit: what is on screen stays. */
export function OfflineBanner() {
  return (
    <div
      role="status"
      className="bg-navy px-4 py-2 text-center text-sm font-semibold text-navy-foreground"
    >
      <WifiOff className="mr-2 inline size-4 align-[-2px]" aria-hidden />
      Offline: showing what was already loaded. Picks save once you are back online.
    </div>
  );
}
