import { Copy, Share2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { InviteQrDialog } from './invite-qr-dialog';
import { canShareLink, copyInviteLink, copyText, shareInviteLink } from './invite-link-actions';

/** Product rules §2: shown only when the server gave the viewer the code (invite permission). */
export function CopyInviteCodeButton({ code, groupName }: { code: string; groupName: string }) {
  const share = canShareLink();
  return (
    // One row on a phone (words for screen readers only), so the first open prop stays on screen.
    <div className="flex flex-wrap items-center justify-end gap-2 rounded-xl border border-border bg-card p-1 pl-4 shadow-sm sm:max-w-sm">
      <span className="mr-auto grid leading-tight">
        <span className="text-xs font-semibold text-muted-foreground">Invite code</span>
        <span
          className="font-mono text-lg font-bold tracking-widest select-all"
          data-testid="invite-code"
        >
          {code}
        </span>
      </span>
      <Button
        type="button"
        variant="secondary"
        onClick={() =>
          void copyText(code, 'code', {
            title: 'Code copied!',
            description: `Share ${code} so others can join.`,
          })
        }
      >
        <Copy aria-hidden />
        <span className="sr-only sm:not-sr-only">Copy Invite Code</span>
      </Button>
      <Button
        type="button"
        variant="outline"
        onClick={() => void (share ? shareInviteLink(groupName, code) : copyInviteLink(code))}
      >
        <Share2 aria-hidden />
        <span className="sr-only sm:not-sr-only">{share ? 'Share Link' : 'Copy Link'}</span>
      </Button>
      <InviteQrDialog groupName={groupName} code={code} />
    </div>
  );
}
