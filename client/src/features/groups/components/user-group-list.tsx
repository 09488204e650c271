import { CircleAlert, UsersRound, WifiOff } from 'lucide-react';
import { useState } from 'react';
import type { UserGroupSummary } from '@shared/contract/users';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUserGroups } from '../api/user-groups';
import { GroupCard } from './group-card';
import { JoinOfficialEventDialog } from './join-official-event-dialog';
import { OfficialEventJoinCard } from './official-event-join-card';

export function UserGroupList({ userId }: { userId: number }) {
  const groupsQuery = useUserGroups(userId);
  // Here, not in the card: the card turns into a group card the moment the join succeeds.
  const [chosenEvent, setChosenEvent] = useState<UserGroupSummary | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  // Offline, TanStack Query pauses the read until back online: say so.
  if (groupsQuery.isPending && groupsQuery.fetchStatus === 'paused') {
    return (
      <EmptyState icon={WifiOff} title="You're offline">
        Your groups show here as soon as you are back online.
      </EmptyState>
    );
  }
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

  const joinedGroups = groupsQuery.data.filter((group) => group.isJoined);
  const eventsToJoin = groupsQuery.data.filter((group) => group.isOfficial && !group.isJoined);

  return (
    <div className="grid gap-8">
      {joinedGroups.length === 0 ? (
        <NoGroupsYet />
      ) : (
        <ul aria-label="Your groups" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {joinedGroups.map((group) => (
            <li key={group.id} className="grid">
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      )}

      {eventsToJoin.length > 0 ? (
        <section aria-labelledby="official-events-title" className="grid gap-4">
          <h2 id="official-events-title" className="text-xl font-bold">
            Official Events
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {eventsToJoin.map((event) => (
              <li key={event.id} className="grid">
                <OfficialEventJoinCard
                  event={event}
                  onJoin={(chosen) => {
                    setChosenEvent(chosen);
                    setDialogOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {chosenEvent ? (
        <JoinOfficialEventDialog
          key={chosenEvent.id}
          event={chosenEvent}
          userId={userId}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
        />
      ) : null}
    </div>
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
