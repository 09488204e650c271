import { describe, expect, it } from 'vitest';
import type { LockState } from './lock-state';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  expiryBadgeOf,
  lockLabelOf,
  noGameDateLabel,
  pickDeadlineOf,
  type ExpiryBadge,
} from './prop-display';

const now = new Date('2026-09-10T18:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);

describe('expiryBadgeOf', () => {
  const cases: [string, Date | string | null, ExpiryBadge | null][] = [
    ['no expiry time', null, null],
    ['an unparseable time', 'soon', null],
    ['long past', inMs(-3 * DAY_MS), { text: 'Expired', variant: 'destructive' }],
    ['a second ago', inMs(-1000), { text: 'Expired', variant: 'destructive' }],
    ['exactly now', now, { text: 'Expired', variant: 'destructive' }],
    ['30 seconds left', inMs(30_000), { text: '1m remaining', variant: 'destructive' }],
    ['1 minute left', inMs(MINUTE_MS), { text: '1m remaining', variant: 'destructive' }],
    ['59m59s left', inMs(HOUR_MS - 1000), { text: '59m remaining', variant: 'destructive' }],
    ['exactly 1 hour left', inMs(HOUR_MS), { text: '1h remaining', variant: 'outline' }],
    ['5h30m left', inMs(5.5 * HOUR_MS), { text: '5h remaining', variant: 'outline' }],
    ['23h59m left', inMs(DAY_MS - MINUTE_MS), { text: '23h remaining', variant: 'outline' }],
    ['exactly 1 day left', inMs(DAY_MS), { text: '1d remaining', variant: 'default' }],
    [
      '6 days 23 hours left',
      inMs(7 * DAY_MS - HOUR_MS),
      { text: '6d remaining', variant: 'default' },
    ],
    [
      'an ISO string, 14 days left',
      inMs(14 * DAY_MS).toISOString(),
      { text: '14d remaining', variant: 'default' },
    ],
  ];
  it.each(cases)('%s', (_name, expiresAt, expected) => {
    expect(expiryBadgeOf(expiresAt, now)).toEqual(expected);
  });
});

describe('noGameDateLabel', () => {
  it.each([
    ['NFL', 'Week 18'],
    ['NCAAF', 'Today'],
    ['NBA', 'Today'],
    ['Golf', 'Today'],
  ])('%s → %s', (sport, label) => {
    expect(noGameDateLabel(sport)).toBe(label);
  });
});

describe('lockLabelOf and pickDeadlineOf', () => {
  const at = new Date('2026-09-13T17:00:00Z');
  const format = (moment: Date) => moment.toISOString().slice(11, 16);
  const cases: [LockState, string | null, Date | null][] = [
    [{ locked: true, reason: 'result_set' }, 'Result set', null],
    [{ locked: true, reason: 'event_started', at }, 'Event started', at],
    [{ locked: false, reason: 'locks_at', at }, 'Locks at 17:00', at],
    [{ locked: true, reason: 'locked_at', at }, 'Locked at 17:00', at],
    [{ locked: true, reason: 'manually_locked' }, 'Manually locked', null],
    [{ locked: false, reason: 'open' }, null, null],
  ];
  it.each(cases)('%j → %j', (state, label, deadline) => {
    expect(lockLabelOf(state, format)).toBe(label);
    expect(pickDeadlineOf(state)).toEqual(deadline);
  });
});
