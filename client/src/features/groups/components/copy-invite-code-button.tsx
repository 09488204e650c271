import { Copy, Share2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { InviteQrDialog } from './invite-qr-dialog';
import { canShareLink, copyInviteLink, copyText, shareInviteLink } from './invite-link-actions';

/**
 * Product rules §2: shown only when the server gave the viewer the code (the invite-permission
 * rule), and the join link with it, since the link is the code. Copy Invite Code copies
 * the code; Share Link opens the phone's share sheet with a short invitation (or copies
 * the link where there is none); QR Code shows the link to scan.
 */
export function CopyInviteCodeButton({ code, groupName }: { code: string; groupName: string }) {
  const share = canShareLink();
  return (
    <div className="grid gap-2 rounded-xl border border-border bg-card p-1 pl-4 shadow-sm">
      <div className="flex items-center gap-2">
        <span className="grid leading-tight">
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
          className="ml-auto"
          onClick={() =>
            void copyText(code, 'code', {
              title: 'Code copied!',
              description: `Share ${code} so others can join.`,
            })
          }
        >
          <Copy aria-hidden />
          Copy Invite Code
        </Button>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void (share ? shareInviteLink(groupName, code) : copyInviteLink(code))}
        >
          <Share2 aria-hidden />
          {share ? 'Share Link' : 'Copy Link'}
        </Button>
        <InviteQrDialog groupName={groupName} code={code} />
      </div>
    </div>
  );
}
