import { Crown } from 'lucide-react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { cn } from '@client/lib/cn';
import { formatWinRate } from '../visible-rows';

interface StandingsListProps {
  entries: readonly LeaderboardEntry[];
  viewerId: number;
  leaderId: number;
  label?: string;
}

/** Rows of the board: position, name (the viewer's marked), record and win rate. */
export function StandingsList({
  entries,
  viewerId,
  leaderId,
  label = 'Standings',
}: StandingsListProps) {
  return (
    <ol aria-label={label} className="grid divide-y divide-border text-sm">
      {entries.map((entry) => {
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
                'flex h-7 min-w-7 shrink-0 items-center justify-center rounded-full px-1 text-xs font-bold tabular-nums',
                entry.position === 1 ? 'bg-gold text-gold-foreground' : 'bg-muted text-foreground',
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
  );
}
