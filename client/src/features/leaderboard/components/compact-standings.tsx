import { Medal } from 'lucide-react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { useLeaderboardTop } from '../api/leaderboard';
import { useMemberStats } from '../api/member-stats';
import { formatWinRate, viewerEntryOf } from '../visible-rows';

const TOP = 3;

/**
 * The phone's standings above the props: the viewer's place (from their stats card) and
 * the top three (from the same first page the leaderboard card reads).
 */
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
      viewerId={viewer.id}
    />
  );
}

/**
 * Decision 0016: on a phone the leaderboard and activity stay above the props (product rules §2)
 * but take a few lines, so the first open prop is in reach without scrolling past them.
 */
export function CompactStandingsView({
  top,
  total,
  viewerRow,
  viewerId,
}: {
  /** The first rows of the board; undefined while loading. */
  top: readonly LeaderboardEntry[] | undefined;
  /** How many are on the board. */
  total: number;
  /** The viewer's own row; null when they do not play. */
  viewerRow: LeaderboardEntry | null | undefined;
  viewerId: number;
}) {
  return (
    <SectionCard title="Standings" icon={Medal}>
      {top === undefined ? (
        <LoadingState className="py-2" />
      ) : (
        <div className="grid gap-2 text-sm">
          {viewerRow ? (
            <p className="font-semibold" data-testid="my-position">
              You are #{viewerRow.position} of {total} · {viewerRow.wins}–{viewerRow.losses} ·{' '}
              {formatWinRate(viewerRow.percentage)}
            </p>
          ) : null}
          <ol aria-label="Top three" className="grid gap-1">
            {top.slice(0, TOP).map((entry) => (
              <li
                key={entry.user.id}
                className={cn(
                  'flex items-center gap-2 rounded px-1',
                  entry.user.id === viewerId && 'bg-primary-soft',
                )}
              >
                <span className="w-6 font-bold tabular-nums">
                  <span className="sr-only">Position </span>
                  {entry.position}
                </span>
                <span className="min-w-0 flex-1 truncate">{entry.user.displayName}</span>
                <span className="tabular-nums">
                  {entry.wins}–{entry.losses}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </SectionCard>
  );
}
