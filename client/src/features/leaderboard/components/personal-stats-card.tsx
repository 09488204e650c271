import { ChartNoAxesColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import type { MemberStats } from '@shared/contract/props';
import { PERCENTAGE_BASIS } from '@shared/domain/group-stats';
import { useMemberStats } from '../api/member-stats';
import { formatWinRate, hasDecidedPicks } from '../visible-rows';

/** The operator leads the official event without playing: no record, no place on its board. */
export function OrganizerNote() {
  return (
    <SectionCard title="Your Stats" icon={ChartNoAxesColumn}>
      <p className="text-sm text-muted-foreground" data-testid="organizer-note">
        You run this event: you set its results but do not pick, so you are not on its board.
      </p>
    </SectionCard>
  );
}

export function PersonalStatsCard({ groupId }: { groupId: number }) {
  const query = useMemberStats(groupId);
  return <PersonalStatsCardView stats={query.data} error={query.isError ? query.error : null} />;
}

/** Product rules §2 personal stats card. `stats` undefined is still loading. */
export function PersonalStatsCardView({
  stats,
  error,
}: {
  stats: MemberStats | undefined;
  error?: Error | null;
}) {
  return (
    <SectionCard
      title="Your Stats"
      icon={ChartNoAxesColumn}
      action={
        stats && stats.position > 0 ? (
          <span className="text-sm font-semibold text-muted-foreground">
            #{stats.position} of {stats.totalMembers}
          </span>
        ) : null
      }
    >
      {error ? (
        <SectionEmpty title="Failed to fetch user props">
          <p className="wrap-anywhere">{error.message}</p>
        </SectionEmpty>
      ) : stats === undefined ? (
        <LoadingState className="py-6" />
      ) : (
        <div className="grid gap-3">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label="Wins">{stats.wins}</Stat>
            <Stat label="Losses">{stats.losses}</Stat>
            <Stat label="Win Rate" basis={PERCENTAGE_BASIS.winRate}>
              {hasDecidedPicks(stats) ? formatWinRate(stats.winRate) : '–'}
            </Stat>
            <Stat label="Pending">{stats.pending}</Stat>
          </dl>
          {stats.wins + stats.losses === 0 ? (
            <p className="text-sm text-muted-foreground">
              No completed props yet: your record starts with the first result.
            </p>
          ) : stats.pending > 0 ? (
            // The home card's Performance counts these too, so it reads lower.
            <p className="text-sm text-muted-foreground">
              Your home card&apos;s Performance also counts your {stats.pending} undecided{' '}
              {stats.pending === 1 ? 'pick' : 'picks'}, so it reads lower until they are decided.
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}

function Stat({ label, basis, children }: { label: string; basis?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5 rounded-lg bg-muted px-3 py-2.5">
      <dt className="text-xs font-semibold text-muted-foreground">
        <span className="uppercase">{label}</span>
        {/* Part of the term, so each value keeps its one definition. */}
        {basis ? <span className="block font-normal">{basis}</span> : null}
      </dt>
      <dd className="text-2xl font-extrabold tabular-nums">{children}</dd>
    </div>
  );
}
