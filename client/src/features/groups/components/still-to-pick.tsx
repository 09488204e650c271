import { formatDateTime } from '@client/lib/format';
import { useUnpickedMembers } from '../api/unpicked-members';

/**
 * The leader's nudge list (decision 0017): who still has open props to pick, the one whose
 * first unpicked prop locks soonest on top. Kept current by live events.
 */
export function StillToPick({ groupId }: { groupId: number }) {
  const unpicked = useUnpickedMembers(groupId);
  if (unpicked.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (unpicked.isError) return <p className="text-sm text-destructive">{unpicked.error.message}</p>;
  if (unpicked.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Everyone has picked every open prop.</p>;
  }
  return (
    <ul className="grid gap-1 text-sm" data-testid="still-to-pick">
      {unpicked.data.map((member) => (
        <li key={member.userId} className="flex flex-wrap justify-between gap-x-3">
          <span className="min-w-0 font-semibold break-words">{member.displayName}</span>
          <span className="text-muted-foreground">
            {member.unpicked} to pick
            {member.nextLockAt ? ` · first locks ${formatDateTime(member.nextLockAt)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
