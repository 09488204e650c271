import { CircleAlert, UsersRound } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUserGroups } from '../api/user-groups';
import { GroupCard } from './group-card';

/** The signed-in home's list of groups, with its loading, failure and empty states. */
export function UserGroupList({ userId }: { userId: number }) {
  const groupsQuery = useUserGroups(userId);

  if (groupsQuery.isPending) return <LoadingState label="Loading groups..." />;

  if (groupsQuery.isError) {
    return (
      <Card role="alert" className="flex gap-3 border-destructive p-5 text-destructive">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold">Failed to fetch user groups</p>
          <p className="text-sm">{groupsQuery.error.message}</p>
        </div>
      </Card>
    );
  }

  // Official events the user has not joined get a join card in the groups issue.
  const joinedGroups = groupsQuery.data.filter((group) => group.isJoined);

  if (joinedGroups.length === 0) return <NoGroupsYet />;

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {joinedGroups.map((group) => (
        <li key={group.id} className="grid">
          <GroupCard group={group} />
        </li>
      ))}
    </ul>
  );
}

function NoGroupsYet() {
  return (
    <EmptyState icon={UsersRound} title="No Groups Yet">
      Open the menu under your name at the top of the page and choose{' '}
      <strong className="font-semibold text-foreground">Create/Join Group</strong> to create a group
      or join one with an invite code.
    </EmptyState>
  );
}
