import { Crown } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import { CollapsiblePanel } from '@client/components/ui/collapsible-panel';
import { LoadingState } from '@client/components/ui/loading-state';
import { lazyNamed } from '@client/lib/lazy-named';
import type { LockableProp } from './lock-settings-form';
import { lockSummaryOf } from './lock-summary';

const LeaderDashboardContent = lazyNamed(
  () => import('./leader-dashboard-content'),
  'LeaderDashboardContent',
);

export interface LeaderDashboardProps {
  group: GroupDetails;
  userId: number;
  /** The props issue's leader tools (Import Props, Custom Prop, Delete All Props). */
  propTools?: ReactNode;
  /** The group's props, so a lock change that reopens some can name them first. */
  props: readonly LockableProp[];
}

/** Product rules §2: the leader's collapsible panel. */
export function LeaderDashboard({ group, userId, propTools, props }: LeaderDashboardProps) {
  return (
    <CollapsiblePanel title="Leader Dashboard" icon={Crown} description={lockSummaryOf(group)}>
      {/* Its own chunk, loaded when the panel first opens (the settings forms and dialogs
          are not on the page until then). */}
      <Suspense fallback={<LoadingState />}>
        <LeaderDashboardContent group={group} userId={userId} propTools={propTools} props={props} />
      </Suspense>
    </CollapsiblePanel>
  );
}
