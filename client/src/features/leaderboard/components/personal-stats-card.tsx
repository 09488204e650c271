import { ChartNoAxesColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { useMemberStats } from '../api/member-stats';
import { formatWinRate } from '../visible-rows';

/** Spec §2 personal stats card: wins, losses, win rate (§9) and pending picks. */
export function PersonalStatsCard({ groupId }: { groupId: number }) {
  const query = useMemberStats(groupId);
  return (
    <SectionCard
      title="Your Stats"
      icon={ChartNoAxesColumn}
      action={
        query.data && query.data.totalMembers > 0 ? (
          <span className="text-sm font-semibold text-muted-foreground">
            #{query.data.position} of {query.data.totalMembers}
          </span>
        ) : null
      }
    >
      {query.isPending ? (
        <LoadingState className="py-6" />
      ) : query.isError ? (
        <SectionEmpty title="Failed to fetch user props">
          <p className="break-words">{query.error.message}</p>
        </SectionEmpty>
      ) : (
        <div className="grid gap-3">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label="Wins">{query.data.wins}</Stat>
            <Stat label="Losses">{query.data.losses}</Stat>
            <Stat label="Win Rate">{formatWinRate(query.data.winRate)}</Stat>
            <Stat label="Pending">{query.data.pending}</Stat>
          </dl>
          {query.data.wins + query.data.losses === 0 ? (
            <p className="text-sm text-muted-foreground">
              No completed props yet: your record starts with the first result.
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-lg bg-muted px-3 py-2.5">
      <dt className="text-xs font-semibold text-muted-foreground uppercase">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums">{children}</dd>
    </div>
  );
}
