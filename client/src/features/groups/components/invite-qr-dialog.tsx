import { QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { copyInviteLink, inviteLinkOf } from './invite-link-actions';

/** The e2e test draws the same to compare. */
export const QR_OPTIONS = {
  type: 'svg',
  margin: 2,
  errorCorrectionLevel: 'M',
  color: { dark: '#0b1f3a', light: '#ffffff' },
} as const;

/** Big enough to scan across a room. The library loads only when the dialog opens. */
export function InviteQrDialog({ groupName, code }: { groupName: string; code: string }) {
  const [open, setOpen] = useState(false);
  const link = inviteLinkOf(code);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <QrCode aria-hidden />
          <span className="sr-only sm:not-sr-only">QR Code</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Scan to join {groupName}</DialogTitle>
          <DialogDescription>
            Point a phone's camera at the code. It opens the join link; no typing needed.
          </DialogDescription>
        </DialogHeader>
        {open ? <QrImage link={link} /> : null}
        <p className="text-center font-mono text-sm break-all text-muted-foreground">{link}</p>
        <Button type="button" variant="secondary" onClick={() => void copyInviteLink(code)}>
          Copy Link
        </Button>
      </DialogContent>
    </Dialog>
  );
}

function QrImage({ link }: { link: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then(async (qrcode) => {
      const drawn = await qrcode.toString(link, QR_OPTIONS);
      if (!cancelled) setSvg(drawn);
    });
    return () => {
      cancelled = true;
    };
  }, [link]);
  return (
    <div
      role="img"
      aria-label={`QR code of the join link ${link}`}
      data-testid="invite-qr"
      className="mx-auto aspect-square w-full max-w-72 rounded-xl bg-white p-2 [&_svg]:size-full"
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
