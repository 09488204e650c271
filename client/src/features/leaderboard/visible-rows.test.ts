import { describe, expect, it } from 'vitest';
import { formatWinRate, leaderboardRowsOf } from './visible-rows';

describe('leaderboardRowsOf', () => {
  const entries = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

  it('shows every row and no toggle below 5 entries', () => {
    expect(leaderboardRowsOf(entries(4), false)).toEqual({ rows: [1, 2, 3, 4], hasToggle: false });
  });

  it('offers the toggle from 5 entries on, and shows 5 rows until expanded', () => {
    expect(leaderboardRowsOf(entries(5), false)).toEqual({ rows: entries(5), hasToggle: true });
    expect(leaderboardRowsOf(entries(7), false).rows).toEqual(entries(5));
    expect(leaderboardRowsOf(entries(7), true)).toEqual({ rows: entries(7), hasToggle: true });
  });
});

describe('formatWinRate', () => {
  it('shows one decimal', () => {
    expect(formatWinRate(0)).toBe('0.0%');
    expect(formatWinRate(66.7)).toBe('66.7%');
    expect(formatWinRate(100)).toBe('100.0%');
  });
});
