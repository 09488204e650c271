import { describe, expect, it } from 'vitest';
import {
  isGroupLocked,
  lockStateOf,
  toDate,
  type GroupLockSettings,
  type LockState,
} from './lock-state';

const now = new Date('2026-09-10T18:00:00Z');
const past = new Date('2026-09-10T17:59:59Z');
const future = new Date('2026-09-10T18:00:01Z');

const group = (overrides: Partial<GroupLockSettings> = {}): GroupLockSettings => ({
  lockType: 'game',
  lockValue: null,
  isLocked: false,
  ...overrides,
});

describe('lockStateOf', () => {
  const cases: [
    string,
    { result: string | null; gameDate: Date | string | null },
    GroupLockSettings,
    LockState,
  ][] = [
    // 1. A result locks, whatever the group says.
    [
      'an option result',
      { result: 'Yes', gameDate: future },
      group(),
      { locked: true, reason: 'result_set' },
    ],
    [
      "a void 'N/A' result",
      { result: 'N/A', gameDate: null },
      group(),
      { locked: true, reason: 'result_set' },
    ],
    [
      'a result under an open time lock',
      { result: 'No', gameDate: null },
      group({ lockType: 'time', lockValue: future }),
      { locked: true, reason: 'result_set' },
    ],
    // 2. Game lock with a game date.
    [
      'game: before kickoff',
      { result: null, gameDate: future },
      group(),
      { locked: false, reason: 'locks_at', at: future },
    ],
    [
      'game: at kickoff',
      { result: null, gameDate: now },
      group(),
      { locked: true, reason: 'event_started', at: now },
    ],
    [
      'game: after kickoff',
      { result: null, gameDate: past },
      group(),
      { locked: true, reason: 'event_started', at: past },
    ],
    [
      'game: the date as an ISO string',
      { result: null, gameDate: past.toISOString() },
      group(),
      { locked: true, reason: 'event_started', at: past },
    ],
    [
      'game: the manual flag does not override a future game date',
      { result: null, gameDate: future },
      group({ isLocked: true }),
      { locked: false, reason: 'locks_at', at: future },
    ],
    // 4. Game lock without a game date falls through to the manual flag.
    [
      'game: no game date, unlocked',
      { result: null, gameDate: null },
      group(),
      { locked: false, reason: 'open' },
    ],
    [
      'game: no game date, manually locked',
      { result: null, gameDate: null },
      group({ isLocked: true }),
      { locked: true, reason: 'manually_locked' },
    ],
    [
      'game: an unparseable game date counts as none',
      { result: null, gameDate: 'not a date' },
      group(),
      { locked: false, reason: 'open' },
    ],
    // 3. Time lock.
    [
      'time: before the lock time',
      { result: null, gameDate: past },
      group({ lockType: 'time', lockValue: future }),
      { locked: false, reason: 'locks_at', at: future },
    ],
    [
      'time: at the lock time',
      { result: null, gameDate: future },
      group({ lockType: 'time', lockValue: now }),
      { locked: true, reason: 'locked_at', at: now },
    ],
    [
      'time: after the lock time, even with the flag off',
      { result: null, gameDate: null },
      group({ lockType: 'time', lockValue: past.toISOString(), isLocked: false }),
      { locked: true, reason: 'locked_at', at: past },
    ],
    [
      'time: manually locked before the lock time',
      { result: null, gameDate: null },
      group({ lockType: 'time', lockValue: future, isLocked: true }),
      { locked: true, reason: 'manually_locked' },
    ],
    [
      'time: no lock time, unlocked',
      { result: null, gameDate: null },
      group({ lockType: 'time' }),
      { locked: false, reason: 'open' },
    ],
    [
      'time: no lock time, manually locked',
      { result: null, gameDate: null },
      group({ lockType: 'time', isLocked: true }),
      { locked: true, reason: 'manually_locked' },
    ],
    // 4. Leader lock: the flag alone; game dates and lock values do not matter.
    [
      'leader: unlocked with a past game date',
      { result: null, gameDate: past },
      group({ lockType: 'leader', lockValue: past }),
      { locked: false, reason: 'open' },
    ],
    [
      'leader: locked',
      { result: null, gameDate: future },
      group({ lockType: 'leader', isLocked: true }),
      { locked: true, reason: 'manually_locked' },
    ],
  ];

  it.each(cases)('%s', (_name, prop, settings, expected) => {
    expect(lockStateOf(prop, settings, now)).toEqual(expected);
  });
});

describe('isGroupLocked', () => {
  const cases: [string, GroupLockSettings, boolean][] = [
    ['game, flag off', group(), false],
    ['game, flag on', group({ isLocked: true }), true],
    ['game ignores a past lock value', group({ lockValue: past }), false],
    ['leader, flag off', group({ lockType: 'leader', lockValue: past }), false],
    ['leader, flag on', group({ lockType: 'leader', isLocked: true }), true],
    ['time, before the lock time', group({ lockType: 'time', lockValue: future }), false],
    ['time, at the lock time', group({ lockType: 'time', lockValue: now }), true],
    [
      'time, after the lock time (string)',
      group({ lockType: 'time', lockValue: past.toISOString() }),
      true,
    ],
    [
      'time, flag on before the lock time',
      group({ lockType: 'time', lockValue: future, isLocked: true }),
      true,
    ],
    ['time, no lock time', group({ lockType: 'time' }), false],
  ];

  it.each(cases)('%s → %s', (_name, settings, expected) => {
    expect(isGroupLocked(settings, now)).toBe(expected);
  });
});

describe('toDate', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['garbage', null],
    [new Date('invalid'), null],
    ['2026-09-10T18:00:00Z', now],
    [now, now],
  ])('%j → %j', (input, expected) => {
    expect(toDate(input)).toEqual(expected);
  });
});
