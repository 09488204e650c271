import { Download, Share, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '@client/components/ui/button';
import {
  dismissInstallOffer,
  installOfferNow,
  promptInstall,
  subscribeInstallOffer,
} from '../install-prompt-state';

export function InstallOffer() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOfferNow, () => null);
  if (!offer) return null;
  return (
    <section
      aria-label="Install Pick'em"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto grid max-w-md gap-2 rounded-xl border border-border bg-card p-4 shadow-lg"
    >
      <div className="flex items-start gap-3">
        <p className="flex-1 text-sm">
          <span className="block font-bold">Keep Pick'em on your home screen</span>
          {offer === 'prompt' ? (
            'It opens like an app, and you never lose the link to your group.'
          ) : (
            <>
              Tap <Share className="inline size-4 align-[-3px]" aria-label="Share" /> Share, then{' '}
              <span className="font-semibold">Add to Home Screen</span>. Reminders work from there
              too.
            </>
          )}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Not now"
          onClick={dismissInstallOffer}
        >
          <X aria-hidden />
        </Button>
      </div>
      {offer === 'prompt' ? (
        <Button type="button" onClick={() => void promptInstall()}>
          <Download aria-hidden />
          Install App
        </Button>
      ) : null}
    </section>
  );
}
