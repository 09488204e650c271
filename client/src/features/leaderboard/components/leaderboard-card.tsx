import { ChevronDown, Crown, Medal } from 'lucide-react';
import { useId, useState } from 'react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { useLeaderboard } from '../api/leaderboard';
import { formatWinRate, leaderboardRowsOf, LEADERBOARD_PREVIEW_ROWS } from '../visible-rows';

interface LeaderboardCardProps {
  groupId: number;
  viewerId: number;
  leaderId: number;
}

/** The group page's leaderboard, read from the server. */
export function LeaderboardCard({ groupId, viewerId, leaderId }: LeaderboardCardProps) {
  const query = useLeaderboard(groupId);
  return (
    <LeaderboardCardView
      entries={query.data}
      error={query.isError ? query.error : null}
      viewerId={viewerId}
      leaderId={leaderId}
    />
  );
}

interface LeaderboardCardViewProps {
  /** Every member, best first; undefined while loading. */
  entries: readonly LeaderboardEntry[] | undefined;
  error?: Error | null;
  viewerId: number;
  leaderId: number;
}

/**
 * Spec §2: the group's standings, 5 rows first. Positions come from the caller, shared on
 * ties (wins first, then win rate; decision 0006). The demo group passes its own entries.
 */
export function LeaderboardCardView({
  entries,
  error,
  viewerId,
  leaderId,
}: LeaderboardCardViewProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  return (
    <SectionCard title="Leaderboard" icon={Medal}>
      {error ? (
        <SectionEmpty title="Failed to fetch leaderboard">
          <p className="break-words">{error.message}</p>
        </SectionEmpty>
      ) : entries === undefined ? (
        <LoadingState className="py-6" />
      ) : (
        <Standings
          entries={entries}
          expanded={expanded}
          listId={listId}
          viewerId={viewerId}
          leaderId={leaderId}
          onToggle={() => {
            setExpanded((value) => !value);
          }}
        />
      )}
    </SectionCard>
  );
}

interface StandingsProps {
  entries: readonly LeaderboardEntry[];
  expanded: boolean;
  listId: string;
  viewerId: number;
  leaderId: number;
  onToggle: () => void;
}

function Standings({ entries, expanded, listId, viewerId, leaderId, onToggle }: StandingsProps) {
  const { rows, hasToggle } = leaderboardRowsOf(entries, expanded);
  return (
    <div className="grid gap-2">
      <div className="flex justify-between px-1 text-xs font-semibold text-muted-foreground uppercase">
        <span>Member</span>
        <span>W–L · Win rate</span>
      </div>
      <ol id={listId} aria-label="Standings" className="grid divide-y divide-border text-sm">
        {rows.map((entry) => {
          const isViewer = entry.user.id === viewerId;
          return (
            <li
              key={entry.user.id}
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-md px-1 py-2',
                isViewer && 'bg-primary-soft',
              )}
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums',
                  entry.position === 1
                    ? 'bg-gold text-gold-foreground'
                    : 'bg-muted text-foreground',
                )}
              >
                <span className="sr-only">Position </span>
                {entry.position}
              </span>
              <span className="flex min-w-0 flex-1 items-center gap-1.5 font-medium">
                <span className="truncate">{entry.user.displayName}</span>
                {/* The space is for the text read aloud; the flex gap spaces it on screen. */}
                {isViewer ? (
                  <>
                    {' '}
                    <span className="shrink-0 text-muted-foreground">(you)</span>
                  </>
                ) : null}
                {entry.user.id === leaderId ? (
                  <Crown className="size-4 shrink-0 text-primary" role="img" aria-label="Leader" />
                ) : null}
              </span>
              <span className="grid shrink-0 text-right leading-tight tabular-nums">
                <span className="font-semibold" data-testid="record">
                  <span className="sr-only">Wins and losses </span>
                  {entry.wins}–{entry.losses}
                </span>
                <span className="text-xs text-muted-foreground" data-testid="win-rate">
                  <span className="sr-only">Win rate </span>
                  {formatWinRate(entry.percentage)}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {hasToggle ? (
        <Button
          type="button"
          variant="ghost"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={onToggle}
        >
          <ChevronDown
            className={cn('transition-transform', expanded && 'rotate-180')}
            aria-hidden
          />
          {expanded
            ? `Show Top ${LEADERBOARD_PREVIEW_ROWS}`
            : `Full Leaderboard (${entries.length} total)`}
        </Button>
      ) : null}
    </div>
  );
}
