import { describe, expect, it } from 'vitest';
import { PROP_DESCRIPTION_MAX_LENGTH } from '@shared/domain/custom-prop';
import { DAY_MS } from '@shared/domain/prop-display';
import { PROP_OPTIONS_MAX, PROP_OPTIONS_MIN } from '@shared/domain/prop-options';
import {
  DEMO_MEMBERS,
  DEMO_VIEWER_ID,
  demoActivityOf,
  demoGroupOf,
  demoLeaderboardOf,
  demoPropsOf,
  demoStatsOf,
  initialDemoPicksOf,
} from './demo-data';

const startedAt = new Date('2026-03-04T15:00:00Z');
const picks = initialDemoPicksOf(startedAt);
const props = demoPropsOf(startedAt, picks, startedAt);
const byTitle = (title: string) => {
  const prop = props.find((candidate) => candidate.title === title);
  if (!prop) throw new Error(`no demo prop titled ${title}`);
  return prop;
};

describe('the demo group', () => {
  it('expires 14 days after the demo was opened', () => {
    const group = demoGroupOf(startedAt);
    expect(new Date(group.expiresAt ?? '').getTime() - startedAt.getTime()).toBe(14 * DAY_MS);
  });

  it('shows a prop in every state a member meets', () => {
    const open = props.filter((prop) => !prop.lock.locked && prop.myPick === null);
    const picked = props.filter((prop) => !prop.lock.locked && prop.myPick !== null);
    const startedUnresolved = props.filter(
      (prop) => prop.lock.reason === 'event_started' && prop.result === null,
    );
    expect(open.length).toBeGreaterThan(0);
    expect(picked.length).toBeGreaterThan(0);
    expect(startedUnresolved.length).toBeGreaterThan(0);
    const outcomes = props.map((prop) => prop.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['win', 'loss', 'void', 'pending']));
    // Decided with no pick: product rules §4's red 'lost' styling.
    expect(props.some((prop) => prop.outcome === 'loss' && prop.myPick === null)).toBe(true);
    expect(props.some((prop) => prop.outcome === 'loss' && prop.myPick !== null)).toBe(true);
  });

  it('keeps every prop within the custom prop limits', () => {
    for (const prop of props) {
      expect(prop.options.length, prop.title).toBeGreaterThanOrEqual(PROP_OPTIONS_MIN);
      expect(prop.options.length, prop.title).toBeLessThanOrEqual(PROP_OPTIONS_MAX);
      expect(prop.description.length, prop.title).toBeLessThanOrEqual(PROP_DESCRIPTION_MAX_LENGTH);
      expect(new Set(prop.options.map((option) => option.value)).size).toBe(prop.options.length);
    }
  });

  it('counts the visitor: a decided prop without a pick is a loss, a voided one nothing', () => {
    const stats = demoStatsOf(demoLeaderboardOf(startedAt, picks));
    expect(stats).toMatchObject({ wins: 1, losses: 2, pending: 2, winRate: 33.3 });
    expect(stats.totalMembers).toBe(DEMO_MEMBERS.length);
  });

  it('adds a pick on an open prop to the pending count', () => {
    const open = props.find((prop) => !prop.lock.locked && prop.myPick === null);
    const option = open?.options[0]?.value;
    if (!open || !option) throw new Error('the demo needs an open prop');
    const more = new Map(picks).set(open.id, option);
    expect(demoStatsOf(demoLeaderboardOf(startedAt, more)).pending).toBe(3);
    const after = demoPropsOf(startedAt, more, startedAt).find((prop) => prop.id === open.id);
    expect(after?.myPick?.selectedOption).toBe(option);
    expect(after?.outcome).toBe('pending');
  });

  it('ranks every member, best first, with the leaderboard toggle in reach', () => {
    const board = demoLeaderboardOf(startedAt, picks);
    expect(board).toHaveLength(DEMO_MEMBERS.length);
    expect(board.length).toBeGreaterThan(5);
    expect(board[0]?.position).toBe(1);
    // The visitor shares third place and is listed first among equals: in the top 5 shown.
    const viewerRow = board.findIndex((entry) => entry.user.id === DEMO_VIEWER_ID);
    expect(viewerRow).toBe(2);
    expect(board[viewerRow]?.position).toBe(3);
    // Everyone has a record over the same decided props (voided excluded).
    const decided = props.filter((prop) => prop.result !== null && prop.result !== 'N/A');
    for (const entry of board) expect(entry.wins + entry.losses).toBe(decided.length);
  });

  it('has more activity than the Recent Activity card shows, newest first', () => {
    const events = demoActivityOf(startedAt);
    expect(events.length).toBeGreaterThan(5);
    const times = events.map((event) => Date.parse(event.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(byTitle('Overtime').result).toBe('N/A');
  });
});
