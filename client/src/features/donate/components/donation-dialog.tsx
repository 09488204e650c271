import { ExternalLink, HeartHandshake } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { useDonateUrl } from '../api/public-config';
import {
  isDonationDialogDismissed,
  rememberDonationDialogDismissed,
} from '../donation-dialog-dismissal';

/**
 * Product rules §1: the signed-in home asks for a donation once per browser (the layout mounts it
 * once the user is in a group). Any way out (Donate,
 * Another Time, Escape, the close button) counts as an answer, so it is not asked again.
 * Renders nothing when no donation page is configured.
 */
export function DonationDialog() {
  const donateUrl = useDonateUrl();
  const [open, setOpen] = useState(() => !isDonationDialogDismissed());
  if (!donateUrl) return null;

  const close = () => {
    rememberDonationDialogDismissed();
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(nextOpen) => {
        if (!nextOpen) close();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Nothing opened this dialog, so there is no trigger to return to; start the
          // keyboard at the page's content instead of the top of the document, without
          // scrolling: focusing <main> would otherwise scroll it up under the sticky header.
          event.preventDefault();
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
      >
        <DialogHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            <HeartHandshake className="size-6" aria-hidden />
          </span>
          <DialogTitle>Keep Pick'em free</DialogTitle>
        </DialogHeader>
        <DialogDescription className="text-base text-foreground">
          Pick'em is a one-person project: one sports fan builds it, runs it and pays for its
          servers, and it is free for everyone.
        </DialogDescription>
        <p className="text-sm text-muted-foreground">
          If it makes game day more fun for your group, a small donation helps keep it running. It
          is entirely optional and changes nothing in the game.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Another Time</Button>
          </DialogClose>
          <Button asChild>
            <a href={donateUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
              Donate
              <ExternalLink aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
