import { ChevronRight, Crown, Lock, Trophy, UsersRound } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserGroupSummary } from '@shared/contract/users';
import {
  PERCENTAGE_BASIS,
  groupCardDisplayOf,
  missedPropsOf,
  type GroupCardBox,
} from '@shared/domain/group-stats';
import { isGroupLocked } from '@shared/domain/lock-state';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { PaymentBadge } from './payment-badge';

const BOX_TITLES: Record<GroupCardBox, string> = {
  picks_remaining: 'Picks Remaining',
  current_performance: 'Current Performance',
  performance: 'Performance',
  runs_event: 'Your Event',
};

/** Product rules §2, §4. */
export function GroupCard({ group }: { group: UserGroupSummary }) {
  // The server judged the lock when it answered; a time lock may have passed since.
  const [now] = useState(() => new Date());
  const isLocked = isGroupLocked(
    { lockType: group.lockType, lockValue: group.lockValue, isLocked: group.isLocked },
    now,
  );
  const display = groupCardDisplayOf({ ...group, isLocked });
  const titleId = useId();
  const badgesId = useId();
  const standingId = useId();
  const statsId = useId();

  return (
    <Link
      to={`/group/${group.id}`}
      aria-labelledby={titleId}
      aria-describedby={`${badgesId} ${standingId} ${statsId}`}
      className="group flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-2">
          <h2 id={titleId} className="line-clamp-2 text-lg leading-snug font-bold wrap-anywhere">
            {group.name}
          </h2>
          <div id={badgesId} className="flex flex-wrap items-center gap-2">
            {group.isLeader ? (
              <Badge>
                <Crown aria-hidden />
                Leader
              </Badge>
            ) : null}
            {group.isOfficial ? (
              <Badge variant="navy">
                <Trophy aria-hidden />
                Official
              </Badge>
            ) : null}
            {isLocked ? (
              <Badge variant="neutral">
                <Lock aria-hidden />
                Locked
              </Badge>
            ) : null}
            {group.trackPaymentStatus ? <PaymentBadge isPaid={group.isPaid} /> : null}
          </div>
        </div>
        <ChevronRight
          className="mt-1 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden
        />
      </div>

      <p
        id={standingId}
        className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground"
      >
        {group.leaderboardPosition !== null ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-foreground">
            <Trophy className="size-4 text-primary" aria-hidden />
            <span className="sr-only">Leaderboard position </span>#{group.leaderboardPosition} of{' '}
            {group.totalMembers}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <UsersRound className="size-4" aria-hidden />
          {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
        </span>
      </p>

      <StatsBox id={statsId} title={BOX_TITLES[display.box]} className="mt-auto">
        {display.box === 'runs_event' ? (
          <p className="text-sm text-muted-foreground">
            You run this event: members pick, and you set the results.
          </p>
        ) : display.box === 'picks_remaining' ? (
          <>
            <BigNumber>{group.remainingPicks}</BigNumber>
            <p className="text-sm text-muted-foreground">{picksLineOf(group)}</p>
          </>
        ) : (
          <>
            {/* The record leads: the percentage counts undecided picks, so a 4–0 member read '25 %'. */}
            <BigNumber>
              <span className="sr-only">Wins and losses </span>
              {group.correctPicks}–{group.incorrectPicks}
            </BigNumber>
            {group.undecidedPicks > 0 ? (
              <p className="text-sm font-semibold">{group.undecidedPicks} pending</p>
            ) : null}
            <p className="basis-full text-xs text-muted-foreground">
              Performance {group.percentage}%: correct, {PERCENTAGE_BASIS.performance}
            </p>
          </>
        )}
      </StatsBox>
    </Link>
  );
}

/** A named group, so "Picks Remaining" and the like can be found by name. */
function StatsBox({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={titleId}
      className={cn('grid gap-1 rounded-lg bg-muted px-4 py-3', className)}
    >
      <h3 id={titleId} className="text-xs font-bold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        {children}
      </div>
    </div>
  );
}

function BigNumber({ children }: { children: ReactNode }) {
  return <p className="text-3xl leading-none font-extrabold tabular-nums">{children}</p>;
}

/** The missed ones make the count add up. */
function picksLineOf(group: UserGroupSummary): string {
  if (group.totalValidProps === 0) return 'No props yet';
  const missed = missedPropsOf(group);
  const picked = `${group.totalPicks} of ${group.totalValidProps} props picked`;
  return missed > 0 ? `${picked} · ${missed} missed` : picked;
}
