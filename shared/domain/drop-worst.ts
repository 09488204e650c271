/**
 * Product rules §10 'Drop-worst': a group may leave each member's lowest completed rounds out
 * of their season total, so one bad or missed week does not end a season. Rounds still in
 * play always count, and at least one completed round is always kept, so early in the
 * season the totals do not all read 0.
 */

export const MAX_DROPPED_ROUNDS = 4;

export interface MemberRound {
  index: number;
  points: number;
  /** The round is complete (every prop decided or void): only those can be dropped. */
  complete: boolean;
}

export interface SeasonTotal {
  /** After the drop: what the season board ranks by. */
  points: number;
  pointsBeforeDrop: number;
  /** The rounds left out, lowest first; among equal points the earliest. */
  droppedRoundIndexes: number[];
}

export function seasonTotalOf(rounds: readonly MemberRound[], dropWorst: number): SeasonTotal {
  const pointsBeforeDrop = rounds.reduce((total, round) => total + round.points, 0);
  const completed = rounds.filter((round) => round.complete);
  const dropCount = Math.max(0, Math.min(dropWorst, MAX_DROPPED_ROUNDS, completed.length - 1));
  const dropped = [...completed]
    .sort((a, b) => a.points - b.points || a.index - b.index)
    .slice(0, dropCount);
  return {
    points: pointsBeforeDrop - dropped.reduce((total, round) => total + round.points, 0),
    pointsBeforeDrop,
    droppedRoundIndexes: dropped.map((round) => round.index),
  };
}
