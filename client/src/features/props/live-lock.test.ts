import { describe, expect, it } from 'vitest';
import type { Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { groupLockSettingsOf, liveLockStateOf, lockMomentsOf, nextTickDelay } from './live-lock';

const KICKOFF = '2026-01-10T18:00:00.000Z';
const before = new Date('2026-01-10T17:59:59.000Z');
const after = new Date('2026-01-10T18:00:00.000Z');
const gameLock: GroupLockSettings = { lockType: 'game', lockValue: null, isLocked: false };

function propWith(overrides: Partial<Prop> = {}): Prop {
  return {
    id: 1,
    groupId: 1,
    sport: 'NFL',
    category: 'Custom',
    title: 'Who wins?',
    description: 'Straight up',
    options: [
      { value: 'A', label: 'A', odds: '' },
      { value: 'B', label: 'B', odds: '' },
    ],
    gameDate: KICKOFF,
    result: null,
    isActive: true,
    isImported: false,
    createdBy: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    lock: { locked: false, reason: 'locks_at', at: KICKOFF },
    myPick: null,
    pickReset: null,
    outcome: 'unpicked',
    canEdit: true,
    canDelete: true,
    canSetResult: true,
    pickCount: 0,
    pickSplit: null,
    game: null,
    ...overrides,
  };
}

describe('liveLockStateOf', () => {
  it('closes a prop the moment its game starts, without a new answer from the server', () => {
    const prop = propWith();
    expect(liveLockStateOf(prop, gameLock, before)).toEqual({
      locked: false,
      reason: 'locks_at',
      at: new Date(KICKOFF),
    });
    expect(liveLockStateOf(prop, gameLock, after)).toEqual({
      locked: true,
      reason: 'event_started',
      at: new Date(KICKOFF),
    });
  });

  it('keeps a prop the server judged locked locked, even if this clock runs behind', () => {
    const prop = propWith({ lock: { locked: true, reason: 'event_started', at: KICKOFF } });
    expect(liveLockStateOf(prop, gameLock, before)).toEqual({
      locked: true,
      reason: 'event_started',
      at: new Date(KICKOFF),
    });
    const manual = propWith({
      gameDate: null,
      lock: { locked: true, reason: 'manually_locked', at: null },
    });
    expect(liveLockStateOf(manual, gameLock, before)).toEqual({
      locked: true,
      reason: 'manually_locked',
    });
  });

  it("follows the group's time lock and manual flag as the server does", () => {
    const timeLock = groupLockSettingsOf({
      lockType: 'time',
      lockValue: KICKOFF,
      isManuallyLocked: false,
    });
    const prop = propWith({
      gameDate: null,
      lock: { locked: false, reason: 'locks_at', at: KICKOFF },
    });
    expect(liveLockStateOf(prop, timeLock, before).locked).toBe(false);
    expect(liveLockStateOf(prop, timeLock, after)).toMatchObject({
      locked: true,
      reason: 'locked_at',
    });
    const leaderLock = groupLockSettingsOf({
      lockType: 'leader',
      lockValue: null,
      isManuallyLocked: true,
    });
    expect(liveLockStateOf(prop, leaderLock, before)).toEqual({
      locked: true,
      reason: 'manually_locked',
    });
  });
});

describe('lockMomentsOf', () => {
  it("lists each game time under every lock type, plus the group's time under time locks", () => {
    const props = [
      propWith({ id: 1, gameDate: '2026-01-11T00:00:00.000Z' }),
      propWith({ id: 2, gameDate: KICKOFF }),
      propWith({ id: 3, gameDate: KICKOFF }),
      propWith({ id: 4, gameDate: null }),
    ];
    const gameTimes = [Date.parse(KICKOFF), Date.parse('2026-01-11T00:00:00.000Z')];
    expect(lockMomentsOf(props, gameLock)).toEqual(gameTimes);
    expect(
      lockMomentsOf(props, {
        lockType: 'time',
        lockValue: '2026-02-01T00:00:00.000Z',
        isLocked: false,
      }),
    ).toEqual([...gameTimes, Date.parse('2026-02-01T00:00:00.000Z')]);
    // Decision 0016: a started game locks under the leader's lock type too.
    expect(lockMomentsOf(props, { lockType: 'leader', lockValue: null, isLocked: false })).toEqual(
      gameTimes,
    );
  });
});

describe('nextTickDelay', () => {
  const now = 1_000_000;
  it('waits for the next lock time when it comes before the 60-second refresh', () => {
    expect(nextTickDelay(now, [now - 5_000, now + 1_500, now + 9_000])).toBe(1_500);
  });
  it('waits the 60-second badge refresh when no lock time is nearer', () => {
    expect(nextTickDelay(now, [])).toBe(60_000);
    expect(nextTickDelay(now, [now - 1, now])).toBe(60_000);
    expect(nextTickDelay(now, [now + 3_600_000])).toBe(60_000);
  });
});
