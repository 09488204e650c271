import { ChevronDown, Medal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { useLeaderboardTop, type LeaderboardPage } from '../api/leaderboard';
import { useMemberStats } from '../api/member-stats';
import {
  hasFullLeaderboardToggle,
  LEADERBOARD_PREVIEW_ROWS,
  viewerEntryOf,
  viewerRowBeyond,
} from '../visible-rows';
import { FullLeaderboard } from './full-leaderboard';
import { StandingsList } from './standings-list';

interface LeaderboardCardProps {
  groupId: number;
  viewer: { id: number; displayName: string };
  leaderId: number;
}

/**
 * The group page's leaderboard. It asks only for what it shows (decision 0019): the top
 * rows and the board's size, the viewer's own row from their stats card, and the rest a
 * page at a time once Full Leaderboard is opened.
 */
export function LeaderboardCard({ groupId, viewer, leaderId }: LeaderboardCardProps) {
  const top = useLeaderboardTop(groupId);
  const stats = useMemberStats(groupId);
  return (
    <LeaderboardCardView
      top={top.data}
      viewerRow={viewerEntryOf(stats.data, viewer)}
      error={top.isError ? top.error : null}
      viewerId={viewer.id}
      leaderId={leaderId}
      fullBoard={
        <FullLeaderboard
          groupId={groupId}
          viewerId={viewer.id}
          leaderId={leaderId}
          placeholder={top.data?.entries}
        />
      }
    />
  );
}

interface LeaderboardCardViewProps {
  /** The first rows (at most 5) and the board's size; undefined while loading. */
  top: LeaderboardPage | undefined;
  /** The viewer's own row wherever they stand; null when they do not play. */
  viewerRow?: LeaderboardEntry | null;
  error?: Error | null;
  viewerId: number;
  leaderId: number;
  /** The whole board, mounted only while expanded. */
  fullBoard: ReactNode;
}

/**
 * Product rules §2: the group's standings, 5 rows first, then the whole board. Positions come from
 * the caller, shared on ties (wins first, then win rate; decision 0006). A viewer below
 * the top rows sees their own row beneath them. The demo group passes its own entries.
 */
export function LeaderboardCardView({
  top,
  viewerRow,
  error,
  viewerId,
  leaderId,
  fullBoard,
}: LeaderboardCardViewProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  return (
    <SectionCard title="Leaderboard" icon={Medal}>
      {error ? (
        <SectionEmpty title="Failed to fetch leaderboard">
          <p className="break-words">{error.message}</p>
        </SectionEmpty>
      ) : top === undefined ? (
        <LoadingState className="py-6" />
      ) : (
        <div className="grid gap-2">
          <div className="flex justify-between px-1 text-xs font-semibold text-muted-foreground uppercase">
            <span>Member</span>
            <span>W–L · Win rate</span>
          </div>
          <div id={listId}>
            {expanded ? (
              fullBoard
            ) : (
              <TopStandings
                entries={top.entries}
                viewerRow={viewerRow}
                viewerId={viewerId}
                leaderId={leaderId}
              />
            )}
          </div>
          {hasFullLeaderboardToggle(top.total) ? (
            <Button
              type="button"
              variant="ghost"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => {
                setExpanded((value) => !value);
              }}
            >
              <ChevronDown
                className={cn('transition-transform', expanded && 'rotate-180')}
                aria-hidden
              />
              {expanded
                ? `Show Top ${LEADERBOARD_PREVIEW_ROWS}`
                : `Full Leaderboard (${top.total} total)`}
            </Button>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}

function TopStandings({
  entries,
  viewerRow,
  viewerId,
  leaderId,
}: {
  entries: readonly LeaderboardEntry[];
  viewerRow: LeaderboardEntry | null | undefined;
  viewerId: number;
  leaderId: number;
}) {
  const rows = entries.slice(0, LEADERBOARD_PREVIEW_ROWS);
  const ownRow = viewerRowBeyond(rows, viewerRow);
  return (
    <>
      <StandingsList entries={rows} viewerId={viewerId} leaderId={leaderId} />
      {ownRow ? (
        <>
          <p className="py-0.5 text-center text-muted-foreground" aria-hidden>
            ⋯
          </p>
          <StandingsList
            entries={[ownRow]}
            viewerId={viewerId}
            leaderId={leaderId}
            label="Your place"
          />
        </>
      ) : null}
    </>
  );
}
