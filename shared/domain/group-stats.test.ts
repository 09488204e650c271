import { describe, expect, it } from 'vitest';
import {
  cardPercentage,
  compareStandings,
  groupCardDisplayOf,
  groupCardStatsOf,
  isCorrectOf,
  memberRecordOf,
  missedPropsOf,
  pickOutcomeOf,
  rankLeaderboard,
  winRatePercent,
  type PickOutcome,
  type StatsPick,
  type StatsProp,
} from './group-stats';
import type { GroupLockSettings } from './lock-state';

const now = new Date('2026-09-10T18:00:00Z');
const past = new Date('2026-09-09T18:00:00Z');
const future = new Date('2026-09-11T18:00:00Z');
const gameLock: GroupLockSettings = { lockType: 'game', lockValue: null, isLocked: false };

describe('pickOutcomeOf', () => {
  const cases: [string | null, string | null, PickOutcome][] = [
    ['A', 'A', 'win'],
    ['A', 'B', 'loss'],
    ['A', null, 'loss'],
    [null, 'A', 'pending'],
    [null, null, 'unpicked'],
    ['N/A', 'A', 'void'],
    ['N/A', null, 'void'],
  ];
  it.each(cases)('result %j, pick %j → %s', (result, selected, expected) => {
    expect(pickOutcomeOf(result, selected)).toBe(expected);
  });

  // A prop that had locked when the member joined (§10 'Late joiners').
  const exempt: [string | null, string | null, PickOutcome][] = [
    ['A', null, 'exempt'],
    [null, null, 'exempt'],
    ['A', 'A', 'win'],
    ['N/A', null, 'void'],
  ];
  it.each(exempt)('exempt: result %j, pick %j → %s', (result, selected, expected) => {
    expect(pickOutcomeOf(result, selected, true)).toBe(expected);
  });
});

describe('isCorrectOf', () => {
  const cases: [string | null, string | null, boolean | null][] = [
    ['A', 'A', true],
    ['A', 'B', false],
    ['A', null, false],
    [null, 'A', null],
    [null, null, null],
    ['N/A', 'A', null],
  ];
  it.each(cases)('result %j, pick %j → %j', (result, selected, expected) => {
    expect(isCorrectOf(result, selected)).toBe(expected);
  });
});

describe('memberRecordOf', () => {
  const props = [
    { id: 1, result: 'A' },
    { id: 2, result: 'B' },
    { id: 3, result: 'A' },
    { id: 4, result: null },
    { id: 5, result: null },
    { id: 6, result: 'N/A' },
  ];
  it.each([
    [
      'no picks: every decided prop is a loss',
      [],
      { wins: 0, losses: 3, pending: 0, picksMade: 0 },
    ],
    [
      'a mix of right, wrong, missed, pending and void',
      [
        [1, 'A'],
        [2, 'A'],
        [4, 'X'],
        [6, 'A'],
      ],
      { wins: 1, losses: 2, pending: 1, picksMade: 3 },
    ],
    [
      'everything right',
      [
        [1, 'A'],
        [2, 'B'],
        [3, 'A'],
        [4, 'A'],
        [5, 'A'],
      ],
      { wins: 3, losses: 0, pending: 2, picksMade: 5 },
    ],
  ] as [string, [number, string][], object][])('%s', (_name, selections, expected) => {
    expect(memberRecordOf(props, new Map(selections))).toEqual(expected);
  });
});

describe('winRatePercent', () => {
  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [3, 0, 100],
    [1, 2, 33.3],
    [2, 1, 66.7],
    [1, 7, 12.5],
  ])('%i wins, %i losses → %d%%', (wins, losses, expected) => {
    expect(winRatePercent(wins, losses)).toBe(expected);
  });
});

describe('cardPercentage', () => {
  it.each([
    [0, 0, 0, 0],
    [0, 0, 5, 0], // nothing decided yet
    [0, 2, 1, 0],
    [2, 0, 0, 100],
    [2, 1, 0, 67],
    [1, 1, 2, 25], // undecided picks count in the denominator (product rules §9)
    [1, 2, 0, 33],
  ])(
    'correct %i, incorrect %i, undecided %i → %i',
    (correctPicks, incorrectPicks, undecidedPicks, expected) => {
      expect(cardPercentage({ correctPicks, incorrectPicks, undecidedPicks })).toBe(expected);
    },
  );
});

describe('rankLeaderboard', () => {
  it('orders by wins, then win rate, and shares positions on ties (1, 1, 3)', () => {
    const ranked = rankLeaderboard([
      { name: 'd', wins: 1, losses: 1 },
      { name: 'a', wins: 3, losses: 1 },
      { name: 'b', wins: 3, losses: 1 },
      { name: 'c', wins: 2, losses: 0 },
      { name: 'e', wins: 1, losses: 3 },
      { name: 'f', wins: 0, losses: 0 },
      { name: 'g', wins: 0, losses: 4 },
    ]);
    expect(ranked.map((entry) => [entry.name, entry.position])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
      ['d', 4],
      ['e', 5],
      ['f', 6],
      ['g', 6],
    ]);
  });

  it('treats equal fractions as equal rates', () => {
    expect(compareStandings({ wins: 2, losses: 2 }, { wins: 2, losses: 2 })).toBe(0);
    const ranked = rankLeaderboard([
      { wins: 1, losses: 2 },
      { wins: 1, losses: 2 },
    ]);
    expect(ranked.map((entry) => entry.position)).toEqual([1, 1]);
  });

  it('gives an empty board for no entries', () => {
    expect(rankLeaderboard([])).toEqual([]);
  });
});

describe('groupCardStatsOf', () => {
  const props: StatsProp[] = [
    { id: 1, result: 'A', gameDate: past },
    { id: 2, result: 'B', gameDate: past },
    { id: 3, result: 'N/A', gameDate: past },
    { id: 4, result: null, gameDate: past }, // started, no result yet
    { id: 5, result: null, gameDate: future },
    { id: 6, result: null, gameDate: future },
  ];
  const picks: StatsPick[] = [
    // viewer 10: right on 1, missed 2, void 3, pending on 4 and 5, 6 still to pick
    { userId: 10, propId: 1, selectedOption: 'A' },
    { userId: 10, propId: 3, selectedOption: 'A' },
    { userId: 10, propId: 4, selectedOption: 'A' },
    { userId: 10, propId: 5, selectedOption: 'A' },
    // member 11: right on both
    { userId: 11, propId: 1, selectedOption: 'A' },
    { userId: 11, propId: 2, selectedOption: 'B' },
    // member 12: one right, like the viewer
    { userId: 12, propId: 2, selectedOption: 'B' },
    // not a member: ignored
    { userId: 99, propId: 1, selectedOption: 'A' },
  ];

  it('derives every card stat for the viewer', () => {
    expect(
      groupCardStatsOf({
        group: gameLock,
        props,
        picks,
        memberIds: [10, 11, 12],
        viewerId: 10,
        now,
      }),
    ).toEqual({
      totalPicks: 3,
      completedPicks: 2,
      remainingPicks: 1,
      correctPicks: 1,
      incorrectPicks: 1,
      undecidedPicks: 2,
      percentage: 25,
      memberCount: 3,
      totalMembers: 3,
      leaderboardPosition: 2,
      propsWithResults: 2,
      totalValidProps: 5,
    });
  });

  it('counts nothing as remaining once the group is locked by time', () => {
    const stats = groupCardStatsOf({
      group: { lockType: 'time', lockValue: past, isLocked: false },
      props,
      picks,
      memberIds: [10, 11, 12],
      viewerId: 10,
      now,
    });
    expect(stats.remainingPicks).toBe(0);
  });

  it('has no position for a viewer who is not a member', () => {
    const stats = groupCardStatsOf({
      group: gameLock,
      props,
      picks,
      memberIds: [11],
      viewerId: 10,
      now,
    });
    expect(stats.leaderboardPosition).toBeNull();
    expect(stats.totalPicks).toBe(0);
  });

  it('is all zeros for a group with no props', () => {
    expect(
      groupCardStatsOf({
        group: gameLock,
        props: [],
        picks: [],
        memberIds: [10],
        viewerId: 10,
        now,
      }),
    ).toMatchObject({
      totalPicks: 0,
      remainingPicks: 0,
      percentage: 0,
      leaderboardPosition: 1,
      totalValidProps: 0,
    });
  });
});

describe('groupCardDisplayOf', () => {
  it.each([
    [
      "the operator's own official event",
      {
        isLocked: false,
        remainingPicks: 2,
        totalPicks: 0,
        undecidedPicks: 0,
        isOfficial: true,
        isLeader: true,
      },
      'runs_event',
      false,
    ],
    [
      'unlocked, picks left',
      { isLocked: false, remainingPicks: 2, totalPicks: 1, undecidedPicks: 1 },
      'picks_remaining',
      false,
    ],
    [
      'unlocked, all picked',
      { isLocked: false, remainingPicks: 0, totalPicks: 3, undecidedPicks: 2 },
      'current_performance',
      false,
    ],
    [
      'unlocked, nothing to pick yet',
      { isLocked: false, remainingPicks: 0, totalPicks: 0, undecidedPicks: 0 },
      'picks_remaining',
      false,
    ],
    [
      'locked with undecided picks',
      { isLocked: true, remainingPicks: 0, totalPicks: 3, undecidedPicks: 2 },
      'performance',
      true,
    ],
    [
      'locked, all decided',
      { isLocked: true, remainingPicks: 4, totalPicks: 3, undecidedPicks: 0 },
      'performance',
      false,
    ],
  ] as const)('%s → %s', (_name, card, box, showUndecided) => {
    expect(groupCardDisplayOf(card)).toEqual({ box, showUndecided });
  });
});

describe('missedPropsOf', () => {
  it.each([
    // all, picked, remaining: missed
    [16, 4, 10, 2],
    [16, 4, 12, 0],
    [0, 0, 0, 0],
    [5, 5, 0, 0],
    [3, 0, 0, 3],
  ])('%i props, %i picked, %i to pick: %i missed', (all, picked, remaining, missed) => {
    expect(
      missedPropsOf({ totalValidProps: all, totalPicks: picked, remainingPicks: remaining }),
    ).toBe(missed);
  });

  it('counts the closed prop the viewer never picked, and adds up with the rest', () => {
    const stats = groupCardStatsOf({
      group: gameLock,
      props: [
        { id: 1, result: 'A', gameDate: past },
        { id: 2, result: null, gameDate: past },
        { id: 3, result: null, gameDate: future },
        { id: 4, result: 'N/A', gameDate: past },
      ],
      picks: [{ userId: 10, propId: 1, selectedOption: 'A' }],
      memberIds: [10],
      viewerId: 10,
      now,
    });
    expect(missedPropsOf(stats)).toBe(1);
    expect(stats.totalPicks + stats.remainingPicks + missedPropsOf(stats)).toBe(
      stats.totalValidProps,
    );
  });
});
