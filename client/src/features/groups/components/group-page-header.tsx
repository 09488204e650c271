import { Crown, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import { Badge } from '@client/components/ui/badge';
import { CopyInviteCodeButton } from './copy-invite-code-button';
import { PaymentBadge } from './payment-badge';

/** Product rules §2 'Group page'. `children`: more badges (the demo group's expiry). */
export function GroupPageHeader({
  group,
  children,
}: {
  group: GroupDetails;
  children?: ReactNode;
}) {
  const hasBadges =
    group.isOfficial || group.isLeader || group.trackPaymentStatus || Boolean(children);
  return (
    <GroupTitleBlock
      name={group.name}
      aside={group.code ? <CopyInviteCodeButton code={group.code} groupName={group.name} /> : null}
    >
      {hasBadges ? (
        <div className="flex flex-wrap items-center gap-2">
          {group.isOfficial ? (
            <Badge variant="navy">
              <Trophy aria-hidden />
              Official Event
            </Badge>
          ) : null}
          {group.isLeader ? (
            <Badge>
              <Crown aria-hidden />
              You are the leader
            </Badge>
          ) : null}
          {group.trackPaymentStatus ? (
            <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
              Your payment status
              <PaymentBadge isPaid={group.isPaid} />
            </span>
          ) : null}
          {children}
        </div>
      ) : null}
    </GroupTitleBlock>
  );
}

/** While the page loads, the name alone, where the page's HTML painted it. */
export function GroupTitleBlock({
  name,
  aside,
  children,
}: {
  name: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight wrap-anywhere sm:text-4xl">{name}</h1>
        {children}
      </div>
      {aside}
    </header>
  );
}
