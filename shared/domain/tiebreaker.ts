import { compareWinRates, winRatePercent, type Standing } from './group-stats';
import { rankWith } from './ranking';

/**
 * Product rules §10 'Tiebreaker': a round's ranking is points, then the smaller distance
 * between a member's tiebreaker answer and the actual figure, then the earlier answer; the
 * season's is points, then round wins, then the smaller total distance, then the win rate
 * when the entries carry their record (decision 0109). Entries still equal share the place.
 */

export const TIEBREAKER_MIN_ANSWER = 0;
export const TIEBREAKER_MAX_ANSWER = 999;

export interface TiebreakerAnswer {
  value: number;
  answeredAt: Date;
}

/**
 * How far an answer is from the actual figure. No answer counts as the farthest answer
 * there could be, so that not answering never beats answering.
 */
export function tiebreakerDistance(answer: number | null | undefined, actual: number): number {
  if (answer === null || answer === undefined) {
    return Math.max(actual - TIEBREAKER_MIN_ANSWER, TIEBREAKER_MAX_ANSWER - actual);
  }
  return Math.abs(answer - actual);
}

export interface RoundEntry {
  points: number;
  tiebreaker: TiebreakerAnswer | null;
}

/** Until the actual figure is known the tiebreaker decides nothing. */
function compareRoundEntries(actual: number | null) {
  return (a: RoundEntry, b: RoundEntry): number => {
    if (a.points !== b.points) return b.points - a.points;
    if (actual === null) return 0;
    const distance =
      tiebreakerDistance(a.tiebreaker?.value, actual) -
      tiebreakerDistance(b.tiebreaker?.value, actual);
    if (distance !== 0) return distance;
    const aTime = a.tiebreaker?.answeredAt.getTime() ?? Infinity;
    const bTime = b.tiebreaker?.answeredAt.getTime() ?? Infinity;
    return aTime === bTime ? 0 : aTime < bTime ? -1 : 1;
  };
}

/** A round's board, best first with shared positions; `actual` null while unknown. */
export function rankRound<T extends RoundEntry>(entries: readonly T[], actual: number | null) {
  return rankWith(entries, compareRoundEntries(actual));
}

/** The entries in first place of a ranked board: a round's winners, a season's champions. */
export function winnersOf<T extends { position: number }>(ranked: readonly T[]): T[] {
  return ranked.filter((entry) => entry.position === 1);
}

/**
 * A round's winners: first place, unless nobody scored a point in it (every prop void, or
 * every pick wrong): such a round completes with no winner.
 */
export function roundWinnersOf<T extends { position: number; points: number }>(
  ranked: readonly T[],
): T[] {
  return (ranked[0]?.points ?? 0) > 0 ? winnersOf(ranked) : [];
}

export type RoundDecider = 'points' | 'tiebreaker' | 'earlier_answer' | 'shared';

export interface Decision<D extends string> {
  decidedBy: D;
  /** "won on the tiebreaker: 47 vs 45", shown beside the winner. */
  text: string;
}

const answerText = (answer: TiebreakerAnswer | null) => (answer ? `${answer.value}` : 'no answer');

/** What separated the first of a ranked round from the next; null with fewer than two. */
export function roundDecision(
  ranked: readonly RoundEntry[],
  actual: number | null,
): Decision<RoundDecider> | null {
  const [first, second] = ranked;
  if (!first || !second) return null;
  if (first.points !== second.points) {
    return { decidedBy: 'points', text: `won on points: ${first.points} vs ${second.points}` };
  }
  if (actual === null || compareRoundEntries(actual)(first, second) === 0) {
    return { decidedBy: 'shared', text: 'shared: equal on points and the tiebreaker' };
  }
  const both = [answerText(first.tiebreaker), answerText(second.tiebreaker)];
  const firstDistance = tiebreakerDistance(first.tiebreaker?.value, actual);
  if (firstDistance !== tiebreakerDistance(second.tiebreaker?.value, actual)) {
    return { decidedBy: 'tiebreaker', text: `won on the tiebreaker: ${both[0]} vs ${both[1]}` };
  }
  const answers = both[0] === both[1] ? `both ${both[0]}` : `${both[0]} and ${both[1]}`;
  return {
    decidedBy: 'earlier_answer',
    text: `won on the earlier tiebreaker answer: ${answers}, ${firstDistance} off`,
  };
}

export interface SeasonEntry extends Partial<Standing> {
  points: number;
  roundWins: number;
  /** The sum of the member's tiebreaker distances over the rounds that count for them. */
  tiebreakerDistance: number;
}

/** Entries without a record (wins and losses) are equal on it. */
const hasRecord = (entry: SeasonEntry): entry is SeasonEntry & Standing =>
  entry.wins !== undefined && entry.losses !== undefined;

/** A member's total distance over their rounds' tiebreakers whose actual figure is known. */
export function seasonTiebreakerDistance(
  rounds: readonly { answer: number | null; actual: number | null }[],
): number {
  return rounds.reduce(
    (total, round) =>
      round.actual === null ? total : total + tiebreakerDistance(round.answer, round.actual),
    0,
  );
}

function compareSeasonEntries(a: SeasonEntry, b: SeasonEntry): number {
  if (a.points !== b.points) return b.points - a.points;
  if (a.roundWins !== b.roundWins) return b.roundWins - a.roundWins;
  if (a.tiebreakerDistance !== b.tiebreakerDistance) {
    return a.tiebreakerDistance - b.tiebreakerDistance;
  }
  return hasRecord(a) && hasRecord(b) ? compareWinRates(a, b) : 0;
}

/** The season's board, best first with shared positions. */
export function rankSeason<T extends SeasonEntry>(entries: readonly T[]) {
  return rankWith(entries, compareSeasonEntries);
}

export type SeasonDecider = 'points' | 'round_wins' | 'tiebreaker' | 'win_rate' | 'shared';

/** What separated the first of a ranked season from the next; null with fewer than two. */
export function seasonDecision(ranked: readonly SeasonEntry[]): Decision<SeasonDecider> | null {
  const [first, second] = ranked;
  if (!first || !second) return null;
  if (first.points !== second.points) {
    return { decidedBy: 'points', text: `won on points: ${first.points} vs ${second.points}` };
  }
  if (first.roundWins !== second.roundWins) {
    return {
      decidedBy: 'round_wins',
      text: `won on round wins: ${first.roundWins} vs ${second.roundWins}`,
    };
  }
  if (first.tiebreakerDistance !== second.tiebreakerDistance) {
    return {
      decidedBy: 'tiebreaker',
      text: `won on the tiebreaker: ${first.tiebreakerDistance} vs ${second.tiebreakerDistance} off in total`,
    };
  }
  if (hasRecord(first) && hasRecord(second) && compareWinRates(first, second) !== 0) {
    const [rate, next] = [first, second].map((entry) => winRatePercent(entry.wins, entry.losses));
    return { decidedBy: 'win_rate', text: `won on win rate: ${rate}% vs ${next}%` };
  }
  return { decidedBy: 'shared', text: 'shared: equal on points, round wins and the tiebreaker' };
}
