import { Crown, Trophy, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RoundInfo } from '@shared/contract/rounds';
import type { Season } from '@shared/contract/seasons';
import { roundWinnersOf } from '@shared/domain/tiebreaker';
import { NativeSelect } from '@client/components/ui/native-select';
import { cn } from '@client/lib/cn';
import type { BoardChoice } from '@client/lib/board-choice';
import type { LeaderboardPage } from '../api/leaderboard';
import { roundWinnersText, type BoardView } from '../board-view';

/** A round's board or the season's (product rules §10 'Rounds'). */
export function BoardSwitcher({
  rounds,
  view,
  onChoose,
}: {
  rounds: readonly RoundInfo[];
  view: BoardView;
  onChoose: (board: BoardChoice['board']) => void;
}) {
  return (
    <NativeSelect
      aria-label="Board"
      className="w-32 shrink-0"
      value={view.kind === 'season' ? 'season' : String(view.round.id)}
      onChange={(event) => {
        const { value } = event.target;
        onChoose(value === 'season' ? 'season' : { roundId: Number(value) });
      }}
    >
      {rounds.map((round) => (
        <option key={round.id} value={round.id}>
          {round.label}
        </option>
      ))}
      <option value="season">Season</option>
    </NativeSelect>
  );
}

/**
 * Under a round's board its winners and what decided first place ('won on the tiebreaker:
 * 47 vs 45'); under the season's, each completed round's winners.
 */
/** Whether a complete round's board names a winner: nobody wins a round nobody scored in. */
const hasWinner = (top: LeaderboardPage) =>
  roundWinnersOf(
    top.entries.map((entry) => ({ position: entry.position, points: entry.points ?? 0 })),
  ).length > 0;

export function BoardOutcome({
  view,
  rounds,
  top,
}: {
  view: BoardView;
  rounds: readonly RoundInfo[] | undefined;
  top: LeaderboardPage | undefined;
}) {
  if (view.kind === 'round') {
    const { round } = view;
    const winners = roundWinnersText(round);
    const decision = top?.entries[0]?.decision?.text;
    return (
      <BoardNote icon={Trophy} className="bg-muted [&>svg]:text-primary" testId="round-outcome">
        {winners ? (
          <>
            <strong>{winners}</strong>
            {decision ? ` · ${decision}` : null}
          </>
        ) : round.complete && top && !hasWinner(top) ? (
          `${round.label} is complete: nobody scored a point, so it has no winner.`
        ) : round.complete ? (
          `${round.label} is complete: its winner is being recorded.`
        ) : (
          `${round.label} is in play: ${round.propCount === 1 ? '1 prop' : `${round.propCount} props`}.`
        )}
      </BoardNote>
    );
  }
  const won = (rounds ?? []).flatMap((round) => {
    const text = roundWinnersText(round);
    return text ? [{ id: round.id, text }] : [];
  });
  if (won.length === 0) return null;
  return (
    <ul aria-label="Weekly winners" className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
      {won.map((round) => (
        <li key={round.id} className="flex items-start gap-2 wrap-anywhere">
          <Trophy className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {round.text}
        </li>
      ))}
    </ul>
  );
}

const championsOf = (season: Season) =>
  season.champions.map((champion) => champion.displayName).join(' and ');

/**
 * Product rules §10 'Seasons': the current season and the archived ones, each with its
 * champions; an archived season's boards are read only.
 */
export function SeasonSwitcher({
  seasons,
  seasonId,
  onChoose,
}: {
  seasons: readonly Season[];
  seasonId: number | null;
  onChoose: (seasonId: number | null) => void;
}) {
  return (
    <NativeSelect
      aria-label="Season"
      className="w-56 max-w-full shrink"
      value={seasonId === null ? 'current' : String(seasonId)}
      onChange={(event) => {
        const { value } = event.target;
        onChoose(value === 'current' ? null : Number(value));
      }}
    >
      {[...seasons].reverse().map((season) =>
        season.endedAt === null ? (
          <option key={season.id} value="current">
            {season.name} (current)
          </option>
        ) : (
          <option key={season.id} value={season.id}>
            {season.name}
            {season.champions.length > 0 ? ` · champion: ${championsOf(season)}` : ''}
          </option>
        ),
      )}
    </NativeSelect>
  );
}

/** Above an archived season's board. */
export function ArchivedSeasonNote({ season }: { season: Season }) {
  const champions = championsOf(season);
  return (
    <BoardNote icon={Crown} className="bg-gold/20" testId="season-champion">
      {champions ? (
        <strong>
          {season.name} {season.champions.length === 1 ? 'champion' : 'champions'}: {champions}
        </strong>
      ) : (
        <strong>{season.name}</strong>
      )}{' '}
      · archived, read only
    </BoardNote>
  );
}

function BoardNote({
  icon: Icon,
  className,
  testId,
  children,
}: {
  icon: LucideIcon;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <p
      className={cn('flex items-start gap-2 rounded-lg px-3 py-2 text-sm', className)}
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 wrap-anywhere">{children}</span>
    </p>
  );
}
