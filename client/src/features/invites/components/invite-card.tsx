import { Crown, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InvitePreview } from '@shared/contract/invites';
import { Card } from '@client/components/ui/card';

/** `children` is the one action (Join, or Sign in to join). */
export function InviteCard({ invite, children }: { invite: InvitePreview; children: ReactNode }) {
  const members = invite.memberCount === 1 ? '1 member' : `${invite.memberCount} members`;
  return (
    <Card className="mx-auto grid w-full max-w-md justify-items-center gap-4 px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <UserPlus className="size-7" aria-hidden />
      </span>
      <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        You're invited to join
      </p>
      <h1
        className="text-3xl font-extrabold tracking-tight wrap-anywhere"
        data-testid="invite-group-name"
      >
        {invite.name}
      </h1>
      <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1 text-muted-foreground">
        <li className="inline-flex items-center gap-1.5">
          <Crown className="size-4" aria-hidden />
          Led by <span className="font-semibold text-foreground">{invite.leaderName}</span>
        </li>
        <li className="inline-flex items-center gap-1.5">
          <Users className="size-4" aria-hidden />
          {members}
        </li>
      </ul>
      <div className="mt-2 grid w-full gap-3">{children}</div>
    </Card>
  );
}
