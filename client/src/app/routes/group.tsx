import { useQueries, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, SearchX } from 'lucide-react';
import { memo, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { GroupDetails } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useUser } from '@client/features/auth/api/current-user';
import {
  RECENT_ACTIVITY_LIMIT,
  activityEventsQueryOptions,
} from '@client/features/activity/api/activity-events';
import { RecentActivityCard } from '@client/features/activity/components/recent-activity-card';
import { GroupPageLayout } from '@client/features/group-page/components/group-page-layout';
import { parseGroupId, useGroupDetails } from '@client/features/groups/api/group-details';
import { GroupLoadingScreen } from '@client/features/groups/components/group-loading-screen';
import {
  GroupPageHeader,
  GroupTitleBlock,
} from '@client/features/groups/components/group-page-header';
import { LeaderDashboard } from '@client/features/groups/components/leader-dashboard';
import { MemberDashboard } from '@client/features/groups/components/member-dashboard';
import { LiveStatusNote } from '@client/features/live/components/live-status';
import { useGroupEvents } from '@client/features/live/use-group-events';
import { CompactStandings } from '@client/features/leaderboard/components/compact-standings';
import { LeaderboardCard } from '@client/features/leaderboard/components/leaderboard-card';
import { leaderboardTopQueryOptions } from '@client/features/leaderboard/api/leaderboard';
import { memberStatsQueryOptions } from '@client/features/leaderboard/api/member-stats';
import { PersonalStatsCard } from '@client/features/leaderboard/components/personal-stats-card';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { groupPropsQueryOptions, useGroupProps } from '@client/features/props/api/group-props';
import { CustomPropCreator } from '@client/features/props/components/custom-prop-creator';
import { PropsSection } from '@client/features/props/components/props-section';
import { isApiError } from '@client/lib/api-client';
import { firstPaintGroupName } from '@client/lib/first-paint';
import { JUST_READ_MS } from '@client/lib/query-client';
import { RemindMeButton } from '@client/features/notifications/components/remind-me-button';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useScrollToHash } from '@client/lib/use-scroll-to-hash';
import { useStepsAfterPaint } from '@client/lib/use-steps-after-paint';
import { lazyNamed } from '@client/lib/lazy-named';

// Shown inside the Leader Dashboard once it is opened (its content is loaded then too).
const LeaderPropTools = lazyNamed(
  () => import('@client/features/props/components/leader-prop-tools'),
  'LeaderPropTools',
);
const ImportPropsButton = lazyNamed(
  () => import('@client/features/import-props/components/import-props-button'),
  'ImportPropsButton',
);

export function GroupRoute() {
  const groupId = parseGroupId(useParams().id);
  const user = useUser();
  // The signed-in guard renders this only for a known user.
  if (!user) return null;
  if (groupId === null) return <GroupNotFound />;
  return <GroupScreen key={groupId} groupId={groupId} viewer={user} />;
}

function GroupScreen({
  groupId,
  viewer,
}: {
  groupId: number;
  viewer: { id: number; displayName: string };
}) {
  const userId = viewer.id;
  const groupQuery = useGroupDetails(groupId);
  const firstReadsIn = usePageReadsTogether(groupId);
  const liveStatus = useGroupEvents(groupId, userId, groupQuery.isSuccess);
  useScrollToHash();
  useDocumentTitle(groupQuery.data?.name ?? (groupQuery.isError ? 'Group not found' : 'Group'));
  // The page appears once all of its first reads are in: its parts swapping loading lines
  // for content one by one pushed the props down as each arrived (Lighthouse's layout
  // shift 0.08 on a phone). It is then drawn top down in steps (see PAGE_STEPS).
  const ready = groupQuery.isSuccess && firstReadsIn;
  const step = useStepsAfterPaint(PAGE_STEPS, ready);

  if (groupQuery.isPending || (groupQuery.isSuccess && !firstReadsIn)) {
    return <GroupLoadingScreen name={groupQuery.data?.name ?? firstPaintGroupName(groupId)} />;
  }
  if (groupQuery.isError) {
    // Product rules §2 and decision 0006: a group that is gone and one the viewer is not in
    // answer alike.
    if (isApiError(groupQuery.error, 404) || isApiError(groupQuery.error, 400)) {
      return <GroupNotFound />;
    }
    return <GroupLoadFailed message={groupQuery.error.message} />;
  }

  const group = groupQuery.data;
  return (
    <div className="grid gap-6">
      {step < 2 ? (
        <GroupTitleBlock name={group.name} />
      ) : (
        <GroupPageHeader group={group}>
          <RemindMeButton />
          <LiveStatusNote status={liveStatus} />
        </GroupPageHeader>
      )}
      <GroupPageBody group={group} viewer={viewer} step={step} />
      {step < PAGE_STEPS ? <div aria-hidden className="min-h-dvh" /> : null}
    </div>
  );
}

/**
 * The group page is drawn top down in steps, one task each, once its first reads are in:
 * the name (as the loading screen had it), the rest of the title block, the dashboard and
 * a phone's standings, the stats, the props, then the full leaderboard and activity (the
 * side column on a wide screen). Drawn in one render it blocked the main thread for 30 -
 * 60 ms as it loaded; a transition's render did not help, since a query's answer landing
 * during it makes React redo it in one go (decision 0031). Each step appends below or
 * beside what is drawn, and a screen-tall space under the steps keeps the footer where it
 * was until the last, so nothing on screen moves.
 */
const PAGE_STEPS = 6;

/**
 * Everything under the group's title block, as far as the page's step has come.
 * Memoised: the live connection's status or a read's state changing re-renders the
 * screen, not the page under its header.
 */
const GroupPageBody = memo(function GroupPageBody({
  group,
  viewer,
  step,
}: {
  group: GroupDetails;
  viewer: { id: number; displayName: string };
  step: number;
}) {
  if (step < 3) return null;
  const groupId = group.id;
  const userId = viewer.id;
  const scope = { groupId, userId };
  return (
    <>
      {group.isLeader ? (
        <LeaderSection group={group} userId={userId} />
      ) : (
        <>
          <MemberDashboard group={group} userId={userId} />
          {group.allowMemberProps ? <CustomPropCreator scope={scope} /> : null}
        </>
      )}
      <GroupPageLayout
        compactAside={<CompactStandings groupId={groupId} viewer={viewer} />}
        aside={
          step >= 6 ? (
            <>
              <LeaderboardCard groupId={groupId} viewer={viewer} leaderId={group.leaderId} />
              <RecentActivityCard groupId={groupId} />
            </>
          ) : null
        }
      >
        {step >= 4 ? <PersonalStatsCard groupId={groupId} /> : null}
        {step >= 5 ? <PropsSection group={group} userId={userId} /> : null}
      </GroupPageLayout>
    </>
  );
});

/**
 * The page's lists are asked for with the group itself, not once it has arrived: its parts
 * mount only then, so their reads came one round trip late (300 props: the sheet waited
 * for the group, then for its props). Their `refetchOnMount` (readAfreshOnMount) joins
 * these reads instead of repeating them. A group the viewer cannot see refuses all alike.
 * True once each has an answer (or has failed: the part then says so); a revisit's cached
 * copies count.
 */
function usePageReadsTogether(groupId: number): boolean {
  const queryClient = useQueryClient();
  // Watched, not fetched: the effect below asks for them.
  const answered = useQueries({
    queries: [
      { ...groupPropsQueryOptions(groupId, ALL_SPORTS), enabled: false },
      { ...memberStatsQueryOptions(groupId), enabled: false },
      { ...leaderboardTopQueryOptions(groupId), enabled: false },
      { ...activityEventsQueryOptions(groupId, RECENT_ACTIVITY_LIMIT), enabled: false },
    ],
    combine: (results) => results.every((result) => !result.isPending),
  });
  useEffect(() => {
    // Read unless this visit has just read it (a revisit's cached copy is older).
    const fresh = { staleTime: JUST_READ_MS };
    void queryClient.prefetchQuery({ ...groupPropsQueryOptions(groupId, ALL_SPORTS), ...fresh });
    void queryClient.prefetchQuery({ ...memberStatsQueryOptions(groupId), ...fresh });
    void queryClient.prefetchQuery({ ...leaderboardTopQueryOptions(groupId), ...fresh });
    void queryClient.prefetchQuery({
      ...activityEventsQueryOptions(groupId, RECENT_ACTIVITY_LIMIT),
      ...fresh,
    });
  }, [queryClient, groupId]);
  return answered;
}

/** The Leader Dashboard, with the group's props so a lock change can name what it reopens. */
function LeaderSection({ group, userId }: { group: GroupDetails; userId: number }) {
  const props = useGroupProps(group.id, ALL_SPORTS).data ?? NO_PROPS;
  const scope = { groupId: group.id, userId };
  return (
    <LeaderDashboard
      group={group}
      userId={userId}
      props={props}
      propTools={
        <LeaderPropTools scope={scope} importButton={<ImportPropsButton scope={scope} />} />
      }
    />
  );
}

const NO_PROPS: readonly Prop[] = [];

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
