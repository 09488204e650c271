import type { RoundInfo } from '@shared/contract/rounds';
import type { BoardChoice } from '@client/lib/board-choice';
import { currentRoundInfo } from '@client/lib/rounds-query';
import type { BoardScope } from './api/leaderboard';

export type BoardView =
  | { kind: 'season'; seasonId: number | null }
  | { kind: 'round'; seasonId: number | null; round: RoundInfo };

/**
 * The board a choice stands for. The current season opens on the round a page opens on
 * (product rules §10 'Rounds'), an archived season on its final standings; a round no
 * longer listed falls back to the season. undefined while the rounds load.
 */
export function boardViewOf(
  choice: BoardChoice,
  rounds: readonly RoundInfo[] | undefined,
  now: Date,
): BoardView | undefined {
  const season = { kind: 'season', seasonId: choice.seasonId } as const;
  if (choice.board === 'season') return season;
  if (!rounds) return undefined;
  const chosen = choice.board;
  const round =
    chosen === 'current'
      ? choice.seasonId === null
        ? currentRoundInfo(rounds, now)
        : null
      : rounds.find((candidate) => candidate.id === chosen.roundId);
  return round ? { kind: 'round', seasonId: choice.seasonId, round } : season;
}

export function boardScopeOf(view: BoardView): BoardScope {
  if (view.kind === 'round') return { round: view.round.id };
  return view.seasonId === null ? {} : { season: view.seasonId };
}

const namesOf = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;

/** 'Week 3 winner: Sam', 'Week 3 winners: Sam and Kim'; null before it has one. */
export function roundWinnersText(round: Pick<RoundInfo, 'label' | 'winners'>): string | null {
  if (round.winners.length === 0) return null;
  const names = namesOf(round.winners.map((winner) => winner.displayName));
  return `${round.label} ${round.winners.length === 1 ? 'winner' : 'winners'}: ${names}`;
}
