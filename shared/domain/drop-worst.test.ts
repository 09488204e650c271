import { describe, expect, it } from 'vitest';
import { seasonTotalOf, type MemberRound } from './drop-worst';

const rounds = (...points: (number | [number, 'open'])[]): MemberRound[] =>
  points.map((value, index) =>
    typeof value === 'number'
      ? { index: index + 1, points: value, complete: true }
      : { index: index + 1, points: value[0], complete: false },
  );

describe('seasonTotalOf', () => {
  it.each([
    { case: 'no drop', rounds: rounds(5, 2, 7), drop: 0, points: 14, dropped: [] },
    { case: 'the lowest round', rounds: rounds(5, 2, 7), drop: 1, points: 12, dropped: [2] },
    { case: 'the two lowest', rounds: rounds(5, 2, 7, 3), drop: 2, points: 12, dropped: [2, 4] },
    {
      case: 'the earliest of equal rounds',
      rounds: rounds(4, 2, 2),
      drop: 1,
      points: 6,
      dropped: [2],
    },
    {
      case: 'never a round still in play',
      rounds: rounds(5, 6, [0, 'open']),
      drop: 1,
      points: 6,
      dropped: [1],
    },
    { case: 'keeps one completed round', rounds: rounds(5, 2), drop: 4, points: 5, dropped: [2] },
    {
      case: 'nothing from a single round',
      rounds: rounds(3, [1, 'open']),
      drop: 2,
      points: 4,
      dropped: [],
    },
    { case: 'no rounds', rounds: [], drop: 2, points: 0, dropped: [] },
    {
      case: 'a late joiner’s empty rounds first',
      rounds: rounds(0, 0, 6, 5, 7),
      drop: 2,
      points: 18,
      dropped: [1, 2],
    },
    {
      case: 'at most four',
      rounds: rounds(1, 1, 1, 1, 1, 9),
      drop: 9,
      points: 10,
      dropped: [1, 2, 3, 4],
    },
  ])('$case', ({ rounds, drop, points, dropped }) => {
    const total = seasonTotalOf(rounds, drop);
    expect(total).toEqual({
      points,
      pointsBeforeDrop: rounds.reduce((sum, round) => sum + round.points, 0),
      droppedRoundIndexes: dropped,
    });
  });
});
