import { Medal } from 'lucide-react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { useLeaderboard } from '../api/leaderboard';
import { formatWinRate } from '../visible-rows';

const TOP = 3;

/** The phone's standings above the props: the viewer's place and the top three. */
export function CompactStandings({ groupId, viewerId }: { groupId: number; viewerId: number }) {
  const query = useLeaderboard(groupId);
  return <CompactStandingsView entries={query.data} viewerId={viewerId} />;
}

/**
 * Decision 0016: on a phone the leaderboard and activity stay above the props (spec §2)
 * but take a few lines, so the first open prop is in reach without scrolling past them.
 */
export function CompactStandingsView({
  entries,
  viewerId,
}: {
  entries: readonly LeaderboardEntry[] | undefined;
  viewerId: number;
}) {
  const viewer = entries?.find((entry) => entry.user.id === viewerId);
  return (
    <SectionCard title="Standings" icon={Medal}>
      {entries === undefined ? (
        <LoadingState className="py-2" />
      ) : (
        <div className="grid gap-2 text-sm">
          {viewer ? (
            <p className="font-semibold" data-testid="my-position">
              You are #{viewer.position} of {entries.length} · {viewer.wins}–{viewer.losses} ·{' '}
              {formatWinRate(viewer.percentage)}
            </p>
          ) : null}
          <ol aria-label="Top three" className="grid gap-1">
            {entries.slice(0, TOP).map((entry) => (
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
