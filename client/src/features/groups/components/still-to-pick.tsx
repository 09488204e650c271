import type { ReactNode } from 'react';
import { formatDateTime } from '@client/lib/format';
import { useUnpickedMembers } from '../api/unpicked-members';

/** The leader's nudge list: whoever's first unpicked prop locks soonest on top. */
export function StillToPick({
  groupId,
  userId,
  nudge,
}: {
  groupId: number;
  userId: number;
  nudge: ((member: { userId: number; displayName: string }) => ReactNode) | undefined;
}) {
  const unpicked = useUnpickedMembers(groupId);
  if (unpicked.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (unpicked.isError) return <p className="text-sm text-destructive">{unpicked.error.message}</p>;
  if (unpicked.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Everyone has picked every open prop.</p>;
  }
  return (
    <ul className="grid gap-1 text-sm" data-testid="still-to-pick">
      {unpicked.data.map((member) => (
        <li key={member.userId} className="flex items-center justify-between gap-3">
          <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
            <span className="min-w-0 font-semibold wrap-anywhere">{member.displayName}</span>
            <span className="text-muted-foreground">
              {member.unpicked} to pick
              {member.nextLockAt ? ` · first locks ${formatDateTime(member.nextLockAt)}` : ''}
            </span>
          </span>
          {nudge && member.userId !== userId ? nudge(member) : null}
        </li>
      ))}
    </ul>
  );
}
