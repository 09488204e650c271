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
 * Product rules §1: asked once per browser; any way out (Donate, Another Time, Escape, the
 * close button) counts as an answer.
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
          // No trigger to return to: start the keyboard at the page's content, without
          // scrolling <main> up under the sticky header.
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
