import { Medal } from 'lucide-react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { LoadingState } from '@client/components/ui/loading-state';
import { useLeaderboardTop } from '../api/leaderboard';
import { useMemberStats } from '../api/member-stats';
import { formatWinRate, hasDecidedPicks, viewerEntryOf } from '../visible-rows';

export function CompactStandings({
  groupId,
  viewer,
}: {
  groupId: number;
  viewer: { id: number; displayName: string };
}) {
  const top = useLeaderboardTop(groupId);
  const stats = useMemberStats(groupId);
  return (
    <CompactStandingsView
      top={top.data?.entries}
      total={top.data?.total ?? 0}
      viewerRow={viewerEntryOf(stats.data, viewer)}
    />
  );
}

/**
 * Product rules §2 on a phone, as one line: the viewer's place and record, or the top of the
 * board for someone who does not play, so the first open prop is on the first screen.
 */
export function CompactStandingsView({
  top,
  total,
  viewerRow,
}: {
  /** undefined while loading. */
  top: readonly LeaderboardEntry[] | undefined;
  total: number;
  /** null when they do not play. */
  viewerRow: LeaderboardEntry | null | undefined;
}) {
  const first = top?.[0];
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 text-sm">
      <Medal className="size-5 shrink-0 text-primary" aria-hidden />
      <h2 className="sr-only">Standings</h2>
      {top === undefined ? (
        <LoadingState className="py-0" />
      ) : viewerRow ? (
        <p className="min-w-0 font-semibold" data-testid="my-position">
          You are #{viewerRow.position} of {total} · {viewerRow.wins}–{viewerRow.losses} ·{' '}
          {hasDecidedPicks(viewerRow)
            ? formatWinRate(viewerRow.percentage)
            : 'no decided picks yet'}
        </p>
      ) : first ? (
        <p className="flex w-0 min-w-0 flex-1 gap-1 font-semibold">
          #1
          <span className="truncate" title={first.user.displayName}>
            {first.user.displayName}
          </span>
          <span className="shrink-0">
            · {first.wins}–{first.losses}
          </span>
        </p>
      ) : (
        <p className="text-muted-foreground">No standings yet</p>
      )}
    </div>
  );
}
