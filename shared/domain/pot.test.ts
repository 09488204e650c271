import { describe, expect, it } from 'vitest';
import {
  formatDollars,
  payoutSplitProblem,
  placeAmounts,
  potSummaryOf,
  projectedPayouts,
  splitEvenly,
  weeklyPrizesWon,
} from './pot';

describe('payoutSplitProblem', () => {
  it.each([
    [[100], null],
    [[50, 30, 20], null],
    [[34, 33, 33], null],
    [[], 'A payout split pays 1 to 10 places.'],
    [Array.from({ length: 11 }, () => 9), 'A payout split pays 1 to 10 places.'],
    [[60, 40.5], "Each place's share must be a whole percentage from 1 to 100."],
    [[100, 0], "Each place's share must be a whole percentage from 1 to 100."],
    [[30, 70], 'A place cannot be paid more than the place above it.'],
    [[50, 30, 10], "The places' shares must add up to 100% (they add up to 90%)."],
    [[60, 50], "The places' shares must add up to 100% (they add up to 110%)."],
  ])('%o: %s', (split, problem) => {
    expect(payoutSplitProblem(split)).toBe(problem);
  });
});

describe('splitting cents', () => {
  it.each([
    [1000, 3, [334, 333, 333]],
    [1001, 3, [334, 334, 333]],
    [999, 3, [333, 333, 333]],
    [5, 0, []],
    [0, 2, [0, 0]],
  ])('%i cents in %i parts', (cents, count, parts) => {
    expect(splitEvenly(cents, count)).toEqual(parts);
  });

  it.each([
    // $100.01 by 50/30/20: 5000.5, 3000.3, 2000.2 floor to 10000; the cent goes to 1st.
    [10001, [50, 30, 20], [5001, 3000, 2000]],
    [10000, [34, 33, 33], [3400, 3300, 3300]],
    // 2 cents over three places: 0.68, 0.66, 0.66 floor to 0; 1st and 2nd take one each.
    [2, [34, 33, 33], [1, 1, 0]],
    [12345, [100], [12345]],
  ])('pool %i by %o pays %o, all of it', (pool, split, amounts) => {
    expect(placeAmounts(pool, split)).toEqual(amounts);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(pool);
  });
});

describe('projectedPayouts', () => {
  const board = (...positions: number[]) =>
    positions.map((position, index) => ({ name: String.fromCharCode(65 + index), position }));
  const paid = (ranked: { name: string; payoutCents: number }[]) =>
    ranked.map(({ name, payoutCents }) => `${name} ${payoutCents}`);

  it.each([
    { case: 'one per place', positions: [1, 2, 3, 4], paid: ['A 5000', 'B 3000', 'C 2000', 'D 0'] },
    // A and B share 1st and 2nd (80 $), C is 3rd.
    { case: 'a tie for first', positions: [1, 1, 3], paid: ['A 4000', 'B 4000', 'C 2000'] },
    // B, C and D share 2nd, 3rd and an unpaid 4th (50 $): the odd cent to the first listed.
    {
      case: 'three tied for second',
      positions: [1, 2, 2, 2],
      paid: ['A 5000', 'B 1667', 'C 1667', 'D 1666'],
    },
    { case: 'fewer members than places', positions: [1], paid: ['A 5000'] },
    { case: 'nobody', positions: [], paid: [] },
  ])('$case', ({ positions, paid: expected }) => {
    expect(paid(projectedPayouts(board(...positions), 10000, [50, 30, 20]))).toEqual(expected);
  });
});

describe('the pot', () => {
  it('splits a weekly prize among the round’s winners', () => {
    const won = weeklyPrizesWon(1000, [[7], [3, 7, 9], []]);
    expect(won.totalCents).toBe(2000);
    expect([...won.byMember]).toEqual([
      [7, 1333],
      [3, 334],
      [9, 333],
    ]);
  });

  it('pays the weekly prizes from the pot and projects the rest by place', () => {
    const summary = potSummaryOf({
      entryCents: 2000,
      paidMembers: 9,
      weeklyPrizeCents: 1000,
      roundWinners: [[1], [2]],
      split: [60, 40],
      ranked: [
        { userId: 1, position: 1 },
        { userId: 2, position: 2 },
        { userId: 3, position: 3 },
      ],
    });
    expect(summary).toEqual({
      potCents: 18000,
      weeklyPrizesCents: 2000,
      seasonPoolCents: 16000,
      payouts: [
        { userId: 1, position: 1, payoutCents: 9600 },
        { userId: 2, position: 2, payoutCents: 6400 },
        { userId: 3, position: 3, payoutCents: 0 },
      ],
    });
  });

  it('never projects below nothing when weekly prizes pass the pot', () => {
    const summary = potSummaryOf({
      entryCents: 500,
      paidMembers: 1,
      weeklyPrizeCents: 1000,
      roundWinners: [[1]],
      split: [100],
      ranked: [{ userId: 1, position: 1 }],
    });
    expect(summary.seasonPoolCents).toBe(0);
    expect(summary.payouts[0]?.payoutCents).toBe(0);
  });
});

describe('formatDollars', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1999, '$19.99'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-250, '-$2.50'],
  ])('%i cents read %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});
