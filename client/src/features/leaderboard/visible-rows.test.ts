import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@shared/contract/props';
import {
  formatWinRate,
  hasFullLeaderboardToggle,
  tiesWithoutDecidedPicks,
  viewerEntryOf,
  viewerRowBeyond,
} from './visible-rows';

describe('hasFullLeaderboardToggle', () => {
  it('offers the toggle only when there are more entries than the 5 shown', () => {
    expect(hasFullLeaderboardToggle(4)).toBe(false);
    expect(hasFullLeaderboardToggle(5)).toBe(false);
    expect(hasFullLeaderboardToggle(6)).toBe(true);
    expect(hasFullLeaderboardToggle(1000)).toBe(true);
  });
});

describe('the viewer’s row', () => {
  const viewer = { id: 7, displayName: 'Val' };
  const stats = { wins: 3, losses: 1, pending: 2, winRate: 75, position: 12, totalMembers: 40 };
  const row = (id: number): LeaderboardEntry => ({
    user: { id, displayName: `P${id}` },
    wins: 0,
    losses: 0,
    pending: 0,
    percentage: 0,
    position: 1,
  });

  it('comes from the stats card, and not for someone who does not play', () => {
    expect(viewerEntryOf(stats, viewer)).toEqual({
      user: viewer,
      wins: 3,
      losses: 1,
      pending: 2,
      percentage: 75,
      position: 12,
    });
    expect(viewerEntryOf({ ...stats, position: 0 }, viewer)).toBeNull();
    expect(viewerEntryOf(undefined, viewer)).toBeNull();
  });

  it('is shown beneath the top rows only when it is not among them', () => {
    const own = viewerEntryOf(stats, viewer);
    expect(viewerRowBeyond([row(1), row(2)], own)).toBe(own);
    expect(viewerRowBeyond([row(1), row(7)], own)).toBeNull();
    expect(viewerRowBeyond([row(1)], null)).toBeNull();
  });
});

describe('formatWinRate', () => {
  it('shows one decimal', () => {
    expect(formatWinRate(0)).toBe('0.0%');
    expect(formatWinRate(66.7)).toBe('66.7%');
    expect(formatWinRate(100)).toBe('100.0%');
  });
});

describe('members with no decided picks (decision 0091)', () => {
  const entry = (id: number, wins: number, losses: number, position: number): LeaderboardEntry => ({
    user: { id, displayName: `P${id}` },
    wins,
    losses,
    pending: 0,
    percentage: wins + losses === 0 ? 0 : (wins / (wins + losses)) * 100,
    position,
  });

  it('notes a tie between a member with no decided picks and one with some', () => {
    expect(tiesWithoutDecidedPicks([entry(1, 0, 4, 1), entry(2, 0, 0, 1)])).toBe(true);
    expect(tiesWithoutDecidedPicks([entry(1, 1, 0, 1), entry(2, 0, 0, 2)])).toBe(false);
    expect(tiesWithoutDecidedPicks([entry(1, 0, 0, 1), entry(2, 0, 0, 1)])).toBe(false);
  });
});
