/**
 * When a prop and a group are locked (spec §4 'Prop lock' and 'Group lock'). The server
 * enforces these with its own clock at the moment of a write; the client calls the same
 * functions to render labels and to stop offering picks when a time passes.
 */

export const LOCK_TYPES = ['game', 'time', 'leader'] as const;
export type LockType = (typeof LOCK_TYPES)[number];

/** Dates arrive as Date on the server and as ISO strings in the client's JSON. */
export type DateLike = Date | string | null | undefined;

export interface GroupLockSettings {
  lockType: LockType;
  lockValue: DateLike;
  /** The leader's manual lock flag, as stored. */
  isLocked: boolean;
}

export interface PropLockInput {
  result: string | null | undefined;
  gameDate: DateLike;
}

export const LOCK_REASONS = [
  'result_set',
  'event_started',
  'locks_at',
  'locked_at',
  'manually_locked',
  'open',
] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export interface LockState {
  locked: boolean;
  reason: LockReason;
  /** The moment the lock took or will take effect, for 'Locks at {time}' and 'Locked at'. */
  at?: Date;
}

/** An unparseable date counts as no date, so a bad value never locks or unlocks by accident. */
export function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const hasPassed = (moment: Date, now: Date) => now.getTime() >= moment.getTime();

/**
 * Spec §4 precedence, first match wins:
 * 1. a result (an option or 'N/A') locks the prop;
 * 2. lockType game with a game date: locked from the game date, open ('Locks at') before;
 * 3. lockType time: locked from lockValue, or by the manual flag; open ('Locks at') before;
 * 4. otherwise the manual flag decides (leader, or game without a game date).
 */
export function lockStateOf(prop: PropLockInput, group: GroupLockSettings, now: Date): LockState {
  if (prop.result !== null && prop.result !== undefined) {
    return { locked: true, reason: 'result_set' };
  }
  if (group.lockType === 'game') {
    const gameDate = toDate(prop.gameDate);
    if (gameDate) {
      return hasPassed(gameDate, now)
        ? { locked: true, reason: 'event_started', at: gameDate }
        : { locked: false, reason: 'locks_at', at: gameDate };
    }
  }
  if (group.lockType === 'time') {
    const lockAt = toDate(group.lockValue);
    if (lockAt && hasPassed(lockAt, now)) return { locked: true, reason: 'locked_at', at: lockAt };
    if (group.isLocked) return { locked: true, reason: 'manually_locked' };
    if (lockAt) return { locked: false, reason: 'locks_at', at: lockAt };
    return { locked: false, reason: 'open' };
  }
  return group.isLocked
    ? { locked: true, reason: 'manually_locked' }
    : { locked: false, reason: 'open' };
}

/**
 * The group as a whole (cards, 'Locked' performance view). Lock type time locks once
 * lockValue has passed, so no client has to send isLocked when the time comes; leader and
 * game follow the manual flag only (under game, each prop locks on its own game date).
 */
export function isGroupLocked(group: GroupLockSettings, now: Date): boolean {
  if (group.isLocked) return true;
  if (group.lockType !== 'time') return false;
  const lockAt = toDate(group.lockValue);
  return lockAt !== null && hasPassed(lockAt, now);
}
