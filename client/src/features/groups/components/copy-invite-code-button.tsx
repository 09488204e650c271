import { Copy } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';

/**
 * Spec §2: shown only when the server gave the viewer the code. When the browser will
 * not write to the clipboard (no permission, not a secure page), the toast carries the
 * code so it can be copied by hand.
 */
export function CopyInviteCodeButton({ code }: { code: string }) {
  const copy = async () => {
    try {
      if (!('clipboard' in navigator)) throw new Error('No clipboard');
      await navigator.clipboard.writeText(code);
      toast({ title: 'Code copied!', description: `Share ${code} so others can join.` });
    } catch {
      toast({
        title: 'Failed to copy',
        description: `Copy the code by hand: ${code}`,
        variant: 'destructive',
        duration: 15_000,
      });
    }
  };

  return (
    <div className="flex items-center gap-2 rounded-xl border border-border bg-card py-1 pr-1 pl-4 shadow-sm">
      <span className="grid leading-tight">
        <span className="text-xs font-semibold text-muted-foreground">Invite code</span>
        <span
          className="font-mono text-lg font-bold tracking-widest select-all"
          data-testid="invite-code"
        >
          {code}
        </span>
      </span>
      <Button type="button" variant="secondary" className="ml-auto" onClick={() => void copy()}>
        <Copy aria-hidden />
        Copy Invite Code
      </Button>
    </div>
  );
}
