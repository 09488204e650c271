/**
 * Product rules §4 'Prop lock' and 'Group lock'. The server enforces these at the moment of a
 * write; the client uses them to render and to stop offering picks when a time passes.
 */

export const LOCK_TYPES = ['game', 'time', 'leader'] as const;
export type LockType = (typeof LOCK_TYPES)[number];

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
 * Product rules §4 precedence, amended so that no setting can reopen a prop whose game has
 * started:
 * 1. a result (an option or 'N/A') locks the prop;
 * 2. a passed game date locks it whatever the lock type ('Event started'), and so does a
 *    passed time lock ('Locked at'); the earlier one is named;
 * 3. the manual flag locks it under lock types leader and time, and under game only a prop
 *    without a game date;
 * 4. otherwise it is open: 'Locks at' the earliest lock still to come, if any.
 */
export function lockStateOf(prop: PropLockInput, group: GroupLockSettings, now: Date): LockState {
  if (prop.result !== null && prop.result !== undefined) {
    return { locked: true, reason: 'result_set' };
  }
  const gameDate = toDate(prop.gameDate);
  const lockAt = group.lockType === 'time' ? toDate(group.lockValue) : null;
  const candidates = [
    gameDate && { reason: 'event_started' as const, at: gameDate },
    lockAt && { reason: 'locked_at' as const, at: lockAt },
  ]
    .filter((candidate) => candidate !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const passed = candidates.find((candidate) => hasPassed(candidate.at, now));
  if (passed) return { locked: true, ...passed };
  const manualApplies = group.lockType !== 'game' || gameDate === null;
  if (group.isLocked && manualApplies) return { locked: true, reason: 'manually_locked' };
  const next = candidates[0];
  return next
    ? { locked: false, reason: 'locks_at', at: next.at }
    : { locked: false, reason: 'open' };
}

/** Locked under `before`, open under `after`; a started game is never among them. */
export function propsReopenedBy<T extends PropLockInput>(
  props: readonly T[],
  before: GroupLockSettings,
  after: GroupLockSettings,
  now: Date,
): T[] {
  return props.filter(
    (prop) => lockStateOf(prop, before, now).locked && !lockStateOf(prop, after, now).locked,
  );
}

/**
 * Lock type time locks once lockValue has passed, so no client has to send isLocked then;
 * leader and game follow the manual flag only.
 */
export function isGroupLocked(group: GroupLockSettings, now: Date): boolean {
  if (group.isLocked) return true;
  if (group.lockType !== 'time') return false;
  const lockAt = toDate(group.lockValue);
  return lockAt !== null && hasPassed(lockAt, now);
}
