import type { GroupDetails } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import {
  lockStateOf,
  toDate,
  type GroupLockSettings,
  type LockState,
} from '@shared/domain/lock-state';
import { EXPIRY_BADGE_REFRESH_MS } from '@shared/domain/prop-display';

export function groupLockSettingsOf(
  group: Pick<GroupDetails, 'lockType' | 'lockValue' | 'isManuallyLocked'>,
): GroupLockSettings {
  return { lockType: group.lockType, lockValue: group.lockValue, isLocked: group.isManuallyLocked };
}

/**
 * A prop's lock at the page's clock, so a passing lock time closes picks without a reload.
 * A prop the server judged locked stays locked: every change that could reopen it reloads
 * the list anyway, and this covers a client clock running behind the server's.
 */
export function liveLockStateOf(prop: Prop, group: GroupLockSettings, now: Date): LockState {
  const judged = lockStateOf(prop, group, now);
  if (judged.locked || !prop.lock.locked) return judged;
  const at = toDate(prop.lock.at);
  return { locked: true, reason: prop.lock.reason, ...(at && { at }) };
}

export function lockMomentsOf(props: readonly Prop[], group: GroupLockSettings): number[] {
  const moments = new Set<number>();
  for (const prop of props) {
    const gameDate = toDate(prop.gameDate)?.getTime();
    if (gameDate !== undefined) moments.add(gameDate);
  }
  const lockValue = toDate(group.lockValue)?.getTime();
  if (group.lockType === 'time' && lockValue !== undefined) moments.add(lockValue);
  return [...moments].sort((a, b) => a - b);
}

/** At the next lock moment if it comes first, else after the spec's 60-second badge refresh. */
export function nextTickDelay(
  nowMs: number,
  moments: readonly number[],
  refreshMs = EXPIRY_BADGE_REFRESH_MS,
): number {
  const next = moments.find((moment) => moment > nowMs);
  return next === undefined ? refreshMs : Math.min(refreshMs, next - nowMs);
}
