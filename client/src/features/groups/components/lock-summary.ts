import type { GroupDetails } from '@shared/contract/groups';
import { formatDateTime } from '@client/lib/format';

export function lockSummaryOf(group: GroupDetails): string {
  if (group.lockType === 'game') {
    return group.isManuallyLocked
      ? 'Props lock when their games start; props without a game date are locked.'
      : 'Each prop locks when its game starts.';
  }
  if (group.lockType === 'time' && group.lockValue) {
    const at = formatDateTime(group.lockValue);
    return group.isLocked ? `All props locked at ${at}.` : `All props lock at ${at}.`;
  }
  return group.isLocked ? 'All props are locked.' : 'All props are open for picks.';
}
