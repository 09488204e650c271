import { useQueries, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, SearchX, Trash2 } from 'lucide-react';
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
import { PropComments } from '@client/features/conversation/components/prop-comments';
import { ThreadPanel } from '@client/features/conversation/components/thread-panel';
import { CompactStandings } from '@client/features/leaderboard/components/compact-standings';
import { LeaderboardCard } from '@client/features/leaderboard/components/leaderboard-card';
import { leaderboardTopQueryOptions } from '@client/features/leaderboard/api/leaderboard';
import { memberStatsQueryOptions } from '@client/features/leaderboard/api/member-stats';
import {
  OrganizerNote,
  PersonalStatsCard,
} from '@client/features/leaderboard/components/personal-stats-card';
import { PotCard } from '@client/features/pot/components/pot-card';
import { PotSettings } from '@client/features/pot/components/pot-settings-form';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { groupPropsQueryOptions, useGroupProps } from '@client/features/props/api/group-props';
import { CustomPropCreator } from '@client/features/props/components/custom-prop-creator';
import { NudgeButton } from '@client/features/props/components/nudge-button';
import { PropsSection } from '@client/features/props/components/props-section';
import { RoundPicksCard } from '@client/features/props/components/round-picks-card';
import { TiebreakerCard } from '@client/features/props/components/tiebreaker-card';
import { isApiError } from '@client/lib/api-client';
import { groupDeletionOf, type GroupDeletion } from '@client/lib/group-deletion';
import { firstPaintGroupName } from '@client/lib/first-paint';
import { readOnThisScreen } from '@client/lib/query-client';
import { roundsQueryOptions } from '@client/lib/rounds-query';
import { publicConfigQueryOptions } from '@client/features/donate/api/public-config';
import { ReminderPrompt } from '@client/features/notifications/components/reminder-prompt';
import { RemindMeButton } from '@client/features/notifications/components/remind-me-button';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useScrollToHash } from '@client/lib/use-scroll-to-hash';
import { useStepsAfterPaint } from '@client/lib/use-steps-after-paint';
import { lazyNamed } from '@client/lib/lazy-named';
import { useMediaQuery, WIDE_SCREEN } from '@client/lib/use-media-query';

const LeaderPropTools = lazyNamed(
  () => import('@client/features/props/components/leader-prop-tools'),
  'LeaderPropTools',
);
const AuditTrailButton = lazyNamed(
  () => import('@client/features/audit/components/audit-trail-button'),
  'AuditTrailButton',
);
const AddGamesButton = lazyNamed(
  () => import('@client/features/game-props/components/add-games-button'),
  'AddGamesButton',
);
const ImportPropsButton = lazyNamed(
  () => import('@client/features/import-props/components/import-props-button'),
  'ImportPropsButton',
);

export function GroupRoute() {
  const groupId = parseGroupId(useParams().id);
  const user = useUser();
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
  const queryClient = useQueryClient();
  const groupQuery = useGroupDetails(groupId);
  const firstReadsIn = usePageReadsTogether(groupId);
  const liveStatus = useGroupEvents(groupId, userId, groupQuery.isSuccess);
  useScrollToHash();
  useDocumentTitle(groupQuery.data?.name ?? (groupQuery.isError ? 'Group not found' : 'Group'));
  // The page appears once all of its first reads are in: parts swapping loading lines for
  // content one by one pushed the props down as each arrived.
  const ready = groupQuery.isSuccess && firstReadsIn;
  const step = useStepsAfterPaint(PAGE_STEPS, ready);

  if (groupQuery.isPending || (groupQuery.isSuccess && !firstReadsIn)) {
    return <GroupLoadingScreen name={groupQuery.data?.name ?? firstPaintGroupName(groupId)} />;
  }
  if (groupQuery.isError) {
    // Product rules §2: a group that is gone and one the viewer is not in answer alike.
    if (isApiError(groupQuery.error, 404) || isApiError(groupQuery.error, 400)) {
      const deletion = groupDeletionOf(queryClient, groupId);
      return deletion ? <GroupDeleted deletion={deletion} /> : <GroupNotFound />;
    }
    return <GroupLoadFailed message={groupQuery.error.message} />;
  }

  const group = groupQuery.data;
  return (
    <div className="grid gap-4 lg:gap-6">
      {step < 2 ? (
        <GroupTitleBlock name={group.name} />
      ) : (
        <GroupPageHeader group={group}>
          <RemindMeButton />
          <LiveStatusNote status={liveStatus} />
        </GroupPageHeader>
      )}
      {step < 2 ? null : <JoinReminderPrompt groupId={group.id} />}
      <GroupPageBody group={group} viewer={viewer} step={step} />
      {step < PAGE_STEPS ? <div aria-hidden className="min-h-dvh" /> : null}
    </div>
  );
}

function JoinReminderPrompt({ groupId }: { groupId: number }) {
  const config = useQuery(publicConfigQueryOptions());
  return <ReminderPrompt groupId={groupId} emailAvailable={config.data?.email} />;
}

/**
 * The group page is drawn top down in steps, one task each, so a long page does not block
 * the main thread in one render (a transition does not help: a query answer landing during
 * it makes React redo it in one go). Each step appends below or beside what is drawn, and
 * a screen-tall space under the steps keeps the footer in place until the last.
 */
const PAGE_STEPS = 6;

/**
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
  const wide = useMediaQuery(WIDE_SCREEN);
  if (step < 3) return null;
  const groupId = group.id;
  const userId = viewer.id;
  const scope = { groupId, userId };
  // Picking is the main task: on a phone the first open prop is on the first screen, and
  // the stats, thread and dashboards follow the props. A wide screen moves them above with
  // CSS, so nothing remounts when the width crosses over.
  const later = wide ? 0 : 5;
  return (
    <div className="grid gap-4 lg:gap-6">
      <GroupPageLayout
        compactAside={<CompactStandings groupId={groupId} viewer={viewer} />}
        aside={
          step >= 6 ? (
            <>
              <LeaderboardCard
                groupId={groupId}
                viewer={viewer}
                leaderId={group.leaderId}
                dropWorstRounds={group.dropWorstRounds}
              />
              {group.trackPaymentStatus ? <PotCard groupId={groupId} viewerId={userId} /> : null}
              <RecentActivityCard groupId={groupId} />
            </>
          ) : null
        }
      >
        {step >= 5 ? <PropsSection group={group} userId={userId} cardExtra={propComments} /> : null}
        {step >= 5 && group.isContestant && group.scoring !== 'standard' ? (
          <RoundPicksCard group={group} userId={userId} />
        ) : null}
        {step >= 5 ? <TiebreakerCard group={group} /> : null}
        {step >= Math.max(4, later) ? (
          <div className="grid gap-4 lg:order-first lg:gap-6">
            {group.isContestant ? <PersonalStatsCard groupId={groupId} /> : <OrganizerNote />}
            {step >= 5 ? <ThreadPanel groupId={groupId} /> : null}
          </div>
        ) : null}
      </GroupPageLayout>
      {step >= later ? (
        <div className="grid gap-4 lg:order-first lg:gap-6">
          {group.isLeader ? (
            <LeaderSection group={group} userId={userId} />
          ) : (
            <>
              <MemberDashboard group={group} userId={userId} />
              {group.allowMemberProps ? <CustomPropCreator scope={scope} /> : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
});

/**
 * The page's lists are asked for with the group itself, not once it has arrived (its parts
 * mount only then, a round trip late); the parts' own queries join these reads. True once
 * each has an answer or has failed; a revisit's cached copies count.
 */
function usePageReadsTogether(groupId: number): boolean {
  const queryClient = useQueryClient();
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
    // A revisit's cached copy is read again; one this visit has just read is not.
    const fresh = {
      staleTime: (query: Pick<Query, 'state'>) => (readOnThisScreen(query) ? Infinity : 0),
    };
    void queryClient.prefetchQuery({ ...groupPropsQueryOptions(groupId, ALL_SPORTS), ...fresh });
    void queryClient.prefetchQuery({ ...memberStatsQueryOptions(groupId), ...fresh });
    void queryClient.prefetchQuery({ ...leaderboardTopQueryOptions(groupId), ...fresh });
    void queryClient.prefetchQuery({
      ...activityEventsQueryOptions(groupId, RECENT_ACTIVITY_LIMIT),
      ...fresh,
    });
    // Not waited for: the board and the tiebreaker below the props need it, the first
    // screen does not.
    void queryClient.prefetchQuery({ ...roundsQueryOptions(groupId), ...fresh });
  }, [queryClient, groupId]);
  return answered;
}

function LeaderSection({ group, userId }: { group: GroupDetails; userId: number }) {
  const props = useGroupProps(group.id, ALL_SPORTS).data ?? NO_PROPS;
  const scope = { groupId: group.id, userId };
  return (
    <LeaderDashboard
      group={group}
      userId={userId}
      props={props}
      potSettings={<PotSettings groupId={group.id} />}
      nudge={(member) => <NudgeButton groupId={group.id} member={member} />}
      propTools={
        <LeaderPropTools
          scope={scope}
          importButton={<ImportPropsButton scope={scope} />}
          gamesButton={<AddGamesButton scope={scope} sports={group.activeSports} />}
          auditButton={<AuditTrailButton groupId={group.id} />}
        />
      }
    />
  );
}

const NO_PROPS: readonly Prop[] = [];

/** One function for the page's life, so the cards stay memoised. */
const propComments = (prop: Prop) => <PropComments prop={prop} />;

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

/** The group was deleted while the member had it open. */
function GroupDeleted({ deletion }: { deletion: GroupDeletion }) {
  const title = `${deletion.byName ?? 'The leader'} deleted ${deletion.groupName}`;
  useDocumentTitle(title);
  return (
    <EmptyState icon={Trash2} title={title} titleAs="h1" action={<BackToHome />}>
      The group is gone, with its props, picks and standings.
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
      <p className="mt-2 text-sm wrap-anywhere">{message}</p>
    </EmptyState>
  );
}
