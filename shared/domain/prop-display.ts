import { toDate, type DateLike, type LockState } from './lock-state';

/** Product rules §2 and §4, tested without a browser. The clock is always passed in. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Product rules §9: expiry badge refresh. */
export const EXPIRY_BADGE_REFRESH_MS = 60_000;

export type BadgeVariant = 'default' | 'outline' | 'destructive';

export interface ExpiryBadge {
  text: string;
  variant: BadgeVariant;
}

/**
 * Product rules §4 'Prop expiry badge': whole days, else hours, else minutes left (rounded
 * down, never '0m' while time is left). null when there is no expiry time.
 */
export function expiryBadgeOf(expiresAt: DateLike, now: Date): ExpiryBadge | null {
  const expiry = toDate(expiresAt);
  if (!expiry) return null;
  const left = expiry.getTime() - now.getTime();
  if (left <= 0) return { text: 'Expired', variant: 'destructive' };
  if (left >= DAY_MS) {
    return { text: `${Math.floor(left / DAY_MS)}d remaining`, variant: 'default' };
  }
  if (left >= HOUR_MS) {
    return { text: `${Math.floor(left / HOUR_MS)}h remaining`, variant: 'outline' };
  }
  return {
    text: `${Math.max(1, Math.floor(left / MINUTE_MS))}m remaining`,
    variant: 'destructive',
  };
}

/** A prop locked by its result or by the leader's flag has no time to count down to. */
export function pickDeadlineOf(state: LockState): Date | null {
  return state.at ?? null;
}

/** Product rules §2. */
export function noGameDateLabel(sport: string): 'Week 18' | 'Today' {
  return sport === 'NFL' ? 'Week 18' : 'Today';
}

/** Product rules §4 'Prop lock' labels; null for an open prop with no lock time ahead. */
export function lockLabelOf(state: LockState, formatTime: (moment: Date) => string): string | null {
  switch (state.reason) {
    case 'result_set':
      return 'Result set';
    case 'event_started':
      return 'Event started';
    case 'locks_at':
      return state.at ? `Locks at ${formatTime(state.at)}` : null;
    case 'locked_at':
      return state.at ? `Locked at ${formatTime(state.at)}` : 'Locked';
    case 'manually_locked':
      return 'Manually locked';
    case 'open':
      return null;
  }
}
