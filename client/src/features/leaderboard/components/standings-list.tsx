import { Crown } from 'lucide-react';
import type { LeaderboardEntry } from '@shared/contract/props';
import { cn } from '@client/lib/cn';
import {
  formatWinRate,
  hasDecidedPicks,
  NO_DECIDED_PICKS_NOTE,
  tiesWithoutDecidedPicks,
} from '../visible-rows';

interface StandingsListProps {
  entries: readonly LeaderboardEntry[];
  viewerId: number;
  leaderId: number;
  /** Product rules §10 'Drop-worst': the season's points before dropped rounds too. */
  beforeDrop?: boolean;
  label?: string;
}

const hasPoints = (entries: readonly LeaderboardEntry[]) =>
  entries.some((entry) => entry.points !== undefined);

/** The columns' names above the rows. */
export function StandingsHeader({ entries }: { entries: readonly LeaderboardEntry[] }) {
  return (
    <div className="flex justify-between gap-3 px-1 text-xs font-semibold text-muted-foreground uppercase">
      <span>Member</span>
      <span>{hasPoints(entries) ? 'Points · W–L' : 'W–L · Win rate'}</span>
    </div>
  );
}

export function StandingsList({
  entries,
  viewerId,
  leaderId,
  beforeDrop = false,
  label = 'Standings',
}: StandingsListProps) {
  return (
    <>
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
                  entry.position === 1
                    ? 'bg-gold text-gold-foreground'
                    : 'bg-muted text-foreground',
                )}
              >
                <span className="sr-only">Position </span>
                {entry.position}
              </span>
              {/* w-0: the name's length never widens the card. */}
              <span className="grid w-0 min-w-0 flex-1">
                <span className="flex min-w-0 items-center gap-1.5 font-medium">
                  <span className="truncate" title={entry.user.displayName}>
                    {entry.user.displayName}
                  </span>
                  {/* The space is for the text read aloud; the flex gap spaces it on screen. */}
                  {isViewer ? (
                    <>
                      {' '}
                      <span className="shrink-0 text-muted-foreground">(you)</span>
                    </>
                  ) : null}
                  {entry.user.id === leaderId ? (
                    <Crown
                      className="size-4 shrink-0 text-primary"
                      role="img"
                      aria-label="Leader"
                    />
                  ) : null}
                </span>
                {entry.rounds ? (
                  <span className="text-xs text-muted-foreground" data-testid="rounds-counted">
                    {' '}
                    Joined late: {entry.rounds.counted} of {entry.rounds.total} weeks count
                  </span>
                ) : null}
              </span>
              {entry.points === undefined ? null : (
                <span className="grid shrink-0 text-right leading-tight tabular-nums">
                  <span className="font-bold" data-testid="points">
                    {entry.points}
                    <span className="sr-only"> points</span>
                  </span>
                  {beforeDrop && entry.pointsBeforeDrop !== undefined ? (
                    <span className="text-xs text-muted-foreground" data-testid="before-drop">
                      {entry.pointsBeforeDrop} before drop
                    </span>
                  ) : null}
                </span>
              )}
              <span className="grid shrink-0 text-right leading-tight tabular-nums">
                <span className="font-semibold" data-testid="record">
                  <span className="sr-only">Wins and losses </span>
                  {entry.wins}–{entry.losses}
                </span>
                <span className="text-xs text-muted-foreground" data-testid="win-rate">
                  <span className="sr-only">Win rate </span>
                  {hasDecidedPicks(entry) ? (
                    formatWinRate(entry.percentage)
                  ) : (
                    <>
                      <span aria-hidden>–</span>
                      <span className="sr-only">none yet: no decided picks</span>
                    </>
                  )}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {tiesWithoutDecidedPicks(entries) ? (
        <p className="px-1 pt-1 text-xs text-muted-foreground" data-testid="tie-note">
          {NO_DECIDED_PICKS_NOTE}
        </p>
      ) : null}
    </>
  );
}
