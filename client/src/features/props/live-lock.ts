import type { GroupDetails } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import {
  lockStateOf,
  toDate,
  type GroupLockSettings,
  type LockState,
} from '@shared/domain/lock-state';
import { EXPIRY_BADGE_REFRESH_MS } from '@shared/domain/prop-display';

/** The group's lock settings as the shared lock rule reads them (the stored manual flag). */
export function groupLockSettingsOf(
  group: Pick<GroupDetails, 'lockType' | 'lockValue' | 'isManuallyLocked'>,
): GroupLockSettings {
  return { lockType: group.lockType, lockValue: group.lockValue, isLocked: group.isManuallyLocked };
}

/**
 * A prop's lock at the page's clock, so a lock time that passes closes picks without a
 * reload. The shared rule decides, as on the server. When the server already judged the
 * prop locked, it stays locked: time only moves forward, and every change that could
 * reopen it (a result removed, the leader unlocking) reloads the list anyway. That also
 * covers a client clock running behind the server's.
 */
export function liveLockStateOf(prop: Prop, group: GroupLockSettings, now: Date): LockState {
  const judged = lockStateOf(prop, group, now);
  if (judged.locked || !prop.lock.locked) return judged;
  const at = toDate(prop.lock.at);
  return { locked: true, reason: prop.lock.reason, ...(at && { at }) };
}

/** The moments at which some prop's lock changes, in milliseconds, earliest first. */
export function lockMomentsOf(props: readonly Prop[], group: GroupLockSettings): number[] {
  const moments = new Set<number>();
  for (const prop of props) {
    const gameDate = toDate(prop.gameDate)?.getTime();
    // Every lock type locks a prop at its game date (decision 0016).
    if (gameDate !== undefined) moments.add(gameDate);
  }
  const lockValue = toDate(group.lockValue)?.getTime();
  if (group.lockType === 'time' && lockValue !== undefined) moments.add(lockValue);
  return [...moments].sort((a, b) => a - b);
}

/**
 * How long to wait before the page looks at the clock again: at the next lock moment if
 * it comes first, else after the spec's 60-second badge refresh.
 */
export function nextTickDelay(
  nowMs: number,
  moments: readonly number[],
  refreshMs = EXPIRY_BADGE_REFRESH_MS,
): number {
  const next = moments.find((moment) => moment > nowMs);
  return next === undefined ? refreshMs : Math.min(refreshMs, next - nowMs);
}
