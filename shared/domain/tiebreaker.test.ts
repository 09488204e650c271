import { describe, expect, it } from 'vitest';
import {
  rankRound,
  rankSeason,
  roundDecision,
  seasonDecision,
  seasonTiebreakerDistance,
  tiebreakerDistance,
  roundWinnersOf,
  winnersOf,
  type SeasonEntry,
} from './tiebreaker';

const answered = (value: number, minute: number) => ({
  value,
  answeredAt: new Date(Date.UTC(2025, 8, 7, 12, minute)),
});
const entry = (name: string, points: number, tiebreaker: ReturnType<typeof answered> | null) => ({
  name,
  points,
  tiebreaker,
});
const names = (ranked: readonly { name: string; position: number }[]) =>
  ranked.map(({ name, position }) => `${position} ${name}`);

describe('tiebreakerDistance', () => {
  it.each([
    [47, 48, 1],
    [50, 48, 2],
    [48, 48, 0],
    [null, 48, 951], // no answer: as far as 999 is
    [null, 700, 700], // ... or 0
  ])('answer %s, actual %i: %i off', (answer, actual, distance) => {
    expect(tiebreakerDistance(answer, actual)).toBe(distance);
  });
});

describe('a round’s ranking', () => {
  it.each([
    {
      case: 'points first, whatever the answers',
      entries: [entry('Ann', 5, answered(48, 0)), entry('Bob', 6, answered(10, 0))],
      actual: 48,
      board: ['1 Bob', '2 Ann'],
      decision: { decidedBy: 'points', text: 'won on points: 6 vs 5' },
    },
    {
      case: 'then the closer answer',
      entries: [entry('Ann', 6, answered(45, 0)), entry('Bob', 6, answered(47, 5))],
      actual: 48,
      board: ['1 Bob', '2 Ann'],
      decision: { decidedBy: 'tiebreaker', text: 'won on the tiebreaker: 47 vs 45' },
    },
    {
      case: 'over or under alike, then the earlier answer',
      entries: [entry('Ann', 6, answered(49, 9)), entry('Bob', 6, answered(47, 5))],
      actual: 48,
      board: ['1 Bob', '2 Ann'],
      decision: {
        decidedBy: 'earlier_answer',
        text: 'won on the earlier tiebreaker answer: 47 and 49, 1 off',
      },
    },
    {
      case: 'an answer before none',
      entries: [entry('Ann', 6, null), entry('Bob', 6, answered(999, 5))],
      actual: 0,
      board: ['1 Bob', '2 Ann'],
      decision: {
        decidedBy: 'earlier_answer',
        text: 'won on the earlier tiebreaker answer: 999 and no answer, 999 off',
      },
    },
    {
      case: 'the same answer at the same moment: a shared win',
      entries: [entry('Ann', 6, answered(47, 5)), entry('Bob', 6, answered(47, 5))],
      actual: 48,
      board: ['1 Ann', '1 Bob'],
      decision: { decidedBy: 'shared', text: 'shared: equal on points and the tiebreaker' },
    },
    {
      case: 'no actual figure yet: ties stay shared',
      entries: [
        entry('Ann', 6, answered(45, 0)),
        entry('Bob', 6, answered(47, 5)),
        entry('Cy', 2, null),
      ],
      actual: null,
      board: ['1 Ann', '1 Bob', '3 Cy'],
      decision: { decidedBy: 'shared', text: 'shared: equal on points and the tiebreaker' },
    },
  ])('$case', ({ entries, actual, board, decision }) => {
    const ranked = rankRound(entries, actual);
    expect(names(ranked)).toEqual(board);
    expect(roundDecision(ranked, actual)).toEqual(decision);
  });

  it('names the winners, and decides nothing alone', () => {
    const ranked = rankRound(
      [entry('Ann', 3, null), entry('Bob', 3, null), entry('Cy', 1, null)],
      40,
    );
    expect(winnersOf(ranked).map((winner) => winner.name)).toEqual(['Ann', 'Bob']);
    expect(roundDecision(rankRound([entry('Ann', 3, null)], 40), 40)).toBeNull();
    expect(winnersOf(rankRound([], null))).toEqual([]);
  });

  it('names no winner of a round in which nobody scored', () => {
    const scored = rankRound([entry('Ann', 1, null), entry('Bob', 0, null)], null);
    expect(roundWinnersOf(scored).map((winner) => winner.name)).toEqual(['Ann']);
    const nobody = rankRound(
      [entry('Ann', 0, answered(40, 1)), entry('Bob', 0, answered(45, 2))],
      40,
    );
    expect(roundWinnersOf(nobody)).toEqual([]);
  });
});

describe('the season’s ranking', () => {
  const season = (name: string, points: number, roundWins: number, tiebreakerDistance: number) => ({
    name,
    points,
    roundWins,
    tiebreakerDistance,
  });

  it.each<{
    case: string;
    entries: (SeasonEntry & { name: string })[];
    board: string[];
    text: string;
  }>([
    {
      case: 'points first',
      entries: [season('Ann', 40, 5, 0), season('Bob', 41, 0, 90)],
      board: ['1 Bob', '2 Ann'],
      text: 'won on points: 41 vs 40',
    },
    {
      case: 'then round wins',
      entries: [season('Ann', 40, 2, 0), season('Bob', 40, 3, 90)],
      board: ['1 Bob', '2 Ann'],
      text: 'won on round wins: 3 vs 2',
    },
    {
      case: 'then the smaller total distance',
      entries: [season('Ann', 40, 3, 31), season('Bob', 40, 3, 12)],
      board: ['1 Bob', '2 Ann'],
      text: 'won on the tiebreaker: 12 vs 31 off in total',
    },
    {
      case: 'then the win rate, when the entries have records',
      entries: [
        { ...season('Ann', 40, 3, 12), wins: 40, losses: 20 },
        { ...season('Bob', 40, 3, 12), wins: 40, losses: 10 },
      ],
      board: ['1 Bob', '2 Ann'],
      text: 'won on win rate: 80% vs 66.7%',
    },
    {
      case: 'else shared',
      entries: [season('Ann', 40, 3, 12), season('Bob', 40, 3, 12), season('Cy', 2, 0, 0)],
      board: ['1 Ann', '1 Bob', '3 Cy'],
      text: 'shared: equal on points, round wins and the tiebreaker',
    },
  ])('$case', ({ entries, board, text }) => {
    const ranked = rankSeason(entries);
    expect(names(ranked)).toEqual(board);
    expect(seasonDecision(ranked)?.text).toBe(text);
  });

  it('adds up the distances of rounds with a known figure', () => {
    expect(
      seasonTiebreakerDistance([
        { answer: 47, actual: 48 },
        { answer: null, actual: 100 }, // no answer: 899 off
        { answer: 30, actual: null }, // not known yet
      ]),
    ).toBe(900);
    expect(seasonDecision([])).toBeNull();
  });
});
