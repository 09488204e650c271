import { ArrowLeft, CircleAlert, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUser } from '@client/features/auth/api/current-user';
import { ActivitySlot } from '@client/features/group-page/components/activity-slot';
import { GroupPageLayout } from '@client/features/group-page/components/group-page-layout';
import { LeaderboardSlot } from '@client/features/group-page/components/leaderboard-slot';
import { PersonalStatsSlot } from '@client/features/group-page/components/personal-stats-slot';
import { PropsSlot } from '@client/features/group-page/components/props-slot';
import { parseGroupId, useGroupDetails } from '@client/features/groups/api/group-details';
import { useGroupMembers } from '@client/features/groups/api/group-members';
import { GroupPageHeader } from '@client/features/groups/components/group-page-header';
import { LeaderDashboard } from '@client/features/groups/components/leader-dashboard';
import { MemberDashboard } from '@client/features/groups/components/member-dashboard';
import { isApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function GroupRoute() {
  const groupId = parseGroupId(useParams().id);
  const user = useUser();
  // The signed-in guard renders this only for a known user.
  if (!user) return null;
  if (groupId === null) return <GroupNotFound />;
  return <GroupScreen key={groupId} groupId={groupId} userId={user.id} />;
}

function GroupScreen({ groupId, userId }: { groupId: number; userId: number }) {
  const groupQuery = useGroupDetails(groupId);
  const membersQuery = useGroupMembers(groupId, { enabled: groupQuery.isSuccess });
  useDocumentTitle(groupQuery.data?.name ?? (groupQuery.isError ? 'Group not found' : 'Group'));

  if (groupQuery.isPending) return <LoadingState label="Loading group..." />;
  if (groupQuery.isError) {
    // Spec §2 and decision 0006: a group that is gone and one the viewer is not in
    // answer alike.
    if (isApiError(groupQuery.error, 404) || isApiError(groupQuery.error, 400)) {
      return <GroupNotFound />;
    }
    return <GroupLoadFailed message={groupQuery.error.message} />;
  }

  const group = groupQuery.data;
  return (
    <div className="grid gap-6">
      <GroupPageHeader group={group} />
      {group.isLeader ? (
        <LeaderDashboard group={group} userId={userId} />
      ) : (
        <MemberDashboard group={group} userId={userId} />
      )}
      <GroupPageLayout
        aside={
          <>
            <LeaderboardSlot members={membersQuery.data} viewerId={userId} />
            <ActivitySlot />
          </>
        }
      >
        <PersonalStatsSlot />
        <PropsSlot isLeader={group.isLeader} />
      </GroupPageLayout>
    </div>
  );
}

function BackToHome() {
  return (
    <Button asChild>
      <Link to="/">
        <ArrowLeft aria-hidden />
        Back to Home
      </Link>
    </Button>
  );
}

function GroupNotFound() {
  useDocumentTitle('Group not found');
  return (
    <EmptyState icon={SearchX} title="Group not found" titleAs="h1" action={<BackToHome />}>
      This group does not exist, or you are not one of its members.
    </EmptyState>
  );
}

function GroupLoadFailed({ message }: { message: string }) {
  return (
    <EmptyState
      icon={CircleAlert}
      title="Something went wrong"
      titleAs="h1"
      action={<BackToHome />}
    >
      <p>This group could not be loaded.</p>
      <p className="mt-2 text-sm break-words">{message}</p>
    </EmptyState>
  );
}
