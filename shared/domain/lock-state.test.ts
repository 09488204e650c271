import { describe, expect, it } from 'vitest';
import {
  isGroupLocked,
  LOCK_TYPES,
  lockStateOf,
  propsReopenedBy,
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
      { result: null, gameDate: null },
      group({ lockType: 'time', lockValue: future }),
      { locked: false, reason: 'locks_at', at: future },
    ],
    [
      'time: a started game is locked before the lock time (decision 0016)',
      { result: null, gameDate: past },
      group({ lockType: 'time', lockValue: future }),
      { locked: true, reason: 'event_started', at: past },
    ],
    [
      'time: a lock time after the game locks at the game',
      { result: null, gameDate: future },
      group({ lockType: 'time', lockValue: new Date('2026-09-11T18:00:00Z') }),
      { locked: false, reason: 'locks_at', at: future },
    ],
    [
      'time: both passed names the earlier (the lock time)',
      { result: null, gameDate: past },
      group({ lockType: 'time', lockValue: new Date('2026-09-10T12:00:00Z') }),
      { locked: true, reason: 'locked_at', at: new Date('2026-09-10T12:00:00Z') },
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
    // 4. Leader lock: the flag adds a lock; a started game stays locked (decision 0016).
    [
      'leader: unlocked with a past game date stays locked',
      { result: null, gameDate: past },
      group({ lockType: 'leader', lockValue: past }),
      { locked: true, reason: 'event_started', at: past },
    ],
    [
      'leader: unlocked before the game locks at the game',
      { result: null, gameDate: future },
      group({ lockType: 'leader', lockValue: past }),
      { locked: false, reason: 'locks_at', at: future },
    ],
    [
      'leader: unlocked without a game date',
      { result: null, gameDate: null },
      group({ lockType: 'leader' }),
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

describe('no setting reopens a started game (decision 0016)', () => {
  const settings: GroupLockSettings[] = LOCK_TYPES.flatMap((lockType) =>
    [null, past, now, future, new Date('2030-01-01T00:00:00Z')].flatMap((lockValue) =>
      [false, true].map((isLocked) => ({ lockType, lockValue, isLocked })),
    ),
  );
  it.each(settings)('%j', (setting) => {
    expect(lockStateOf({ result: null, gameDate: past }, setting, now).locked).toBe(true);
    expect(lockStateOf({ result: null, gameDate: now }, setting, now).locked).toBe(true);
  });
});

describe('propsReopenedBy', () => {
  const started = { id: 1, result: null, gameDate: past };
  const later = { id: 2, result: null, gameDate: future };
  const undated = { id: 3, result: null, gameDate: null };
  const all = [started, later, undated];

  it('names the props a leader unlock opens, never a started game', () => {
    const locked = group({ lockType: 'leader', isLocked: true });
    expect(propsReopenedBy(all, locked, group({ lockType: 'leader' }), now)).toEqual([
      later,
      undated,
    ]);
  });

  it('a later lock time reopens only what has not started', () => {
    const before = group({ lockType: 'time', lockValue: past });
    const after = group({ lockType: 'time', lockValue: new Date('2030-01-01T00:00:00Z') });
    expect(propsReopenedBy(all, before, after, now)).toEqual([later, undated]);
  });

  it('switching to game after kickoff reopens nothing that started', () => {
    const before = group({ lockType: 'time', lockValue: past });
    expect(propsReopenedBy(all, before, group(), now)).toEqual([later, undated]);
    expect(propsReopenedBy([started], before, group({ lockType: 'leader' }), now)).toEqual([]);
  });

  it('a setting that only adds locks reopens nothing', () => {
    expect(
      propsReopenedBy(all, group(), group({ lockType: 'leader', isLocked: true }), now),
    ).toEqual([]);
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
