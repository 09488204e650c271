import { ArrowLeft, Clock, Presentation } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { expiryBadgeOf } from '@shared/domain/prop-display';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ActivityList } from '@client/features/activity/components/activity-list';
import { RecentActivityCardView } from '@client/features/activity/components/recent-activity-card';
import { DEMO_LOCK_SETTINGS, DEMO_VIEWER_ID } from '@client/features/demo/demo-data';
import { useDemoGroup } from '@client/features/demo/use-demo-group';
import { GroupPageLayout } from '@client/features/group-page/components/group-page-layout';
import { GroupPageHeader } from '@client/features/groups/components/group-page-header';
import { CompactStandingsView } from '@client/features/leaderboard/components/compact-standings';
import { LeaderboardCardView } from '@client/features/leaderboard/components/leaderboard-card';
import { PersonalStatsCardView } from '@client/features/leaderboard/components/personal-stats-card';
import { StandingsList } from '@client/features/leaderboard/components/standings-list';
import { RECENT_ACTIVITY_LIMIT } from '@client/features/activity/api/activity-events';
import { PickSheet, PropsSectionFrame } from '@client/features/props/components/pick-sheet-view';
import { PropCardView } from '@client/features/props/components/prop-card';
import { lockMomentsOf } from '@client/features/props/live-lock';
import { useNow } from '@client/features/props/use-now';
import { useDocumentTitle } from '@client/lib/use-document-title';

/**
 * Product rules §2 'Demo group page': a sample group drawn by the group page's own
 * components. Picks stay in the page; nothing needs an account.
 */
export function DemoRoute() {
  useDocumentTitle('Demo Group');
  const demo = useDemoGroup();
  const moments = useMemo(() => lockMomentsOf(demo.props, DEMO_LOCK_SETTINGS), [demo.props]);
  const now = useNow(moments);
  const expiry = expiryBadgeOf(demo.group.expiresAt, now);
  const viewerRow = demo.leaderboard.find((entry) => entry.user.id === DEMO_VIEWER_ID) ?? null;

  return (
    <div className="grid gap-6">
      <DemoBanner />
      <GroupPageHeader group={demo.group}>
        {expiry ? (
          <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            Group expires
            <Badge variant={expiry.variant} data-testid="group-expiry">
              <Clock aria-hidden />
              {expiry.text}
            </Badge>
          </span>
        ) : null}
      </GroupPageHeader>
      <GroupPageLayout
        compactAside={
          <CompactStandingsView
            top={demo.leaderboard}
            total={demo.leaderboard.length}
            viewerRow={viewerRow}
          />
        }
        aside={
          <>
            <LeaderboardCardView
              top={{ entries: demo.leaderboard, total: demo.leaderboard.length }}
              viewerRow={viewerRow}
              viewerId={DEMO_VIEWER_ID}
              leaderId={demo.group.leaderId}
              fullBoard={
                <StandingsList
                  entries={demo.leaderboard}
                  viewerId={DEMO_VIEWER_ID}
                  leaderId={demo.group.leaderId}
                />
              }
            />
            <RecentActivityCardView
              events={demo.activity.slice(0, RECENT_ACTIVITY_LIMIT)}
              allActivity={<ActivityList events={demo.activity} label="All activity" />}
            />
          </>
        }
      >
        <PersonalStatsCardView stats={demo.stats} />
        <PropsSectionFrame>
          <PickSheet
            props={demo.props}
            group={DEMO_LOCK_SETTINGS}
            now={now}
            noProps={null}
            renderCard={(prop, gameHeadingId) => (
              <PropCardView
                prop={prop}
                group={DEMO_LOCK_SETTINGS}
                now={now}
                gameHeadingId={gameHeadingId}
                status={null}
                onPick={(option) => {
                  demo.pick(prop.id, option);
                }}
              />
            )}
          />
        </PropsSectionFrame>
      </GroupPageLayout>
    </div>
  );
}

function DemoBanner() {
  return (
    <section
      aria-label="Demonstration"
      className="flex flex-col gap-3 rounded-xl border-2 border-navy bg-gold p-4 text-gold-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <Presentation className="mt-0.5 size-6 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <p className="font-bold">This is a demonstration for instruction only</p>
          <p className="text-sm">
            The group, members and results are samples. Try a pick: it shows here but is not saved,
            and you need no account.
          </p>
        </div>
      </div>
      <Button asChild variant="outline" className="shrink-0 border-navy">
        <Link to="/">
          <ArrowLeft aria-hidden />
          Back to Home
        </Link>
      </Button>
    </section>
  );
}
