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
  propTools?: ReactNode;
  /** Shown while the group tracks payment. */
  potSettings?: ReactNode;
  /** So a lock change that reopens some can name them first. */
  props: readonly LockableProp[];
  nudge?: (member: { userId: number; displayName: string }) => ReactNode;
}

/** Product rules §2. */
export function LeaderDashboard(dashboard: LeaderDashboardProps) {
  return (
    <CollapsiblePanel
      title="Leader Dashboard"
      icon={Crown}
      description={lockSummaryOf(dashboard.group)}
    >
      {/* Its own chunk, loaded when the panel first opens. */}
      <Suspense fallback={<LoadingState />}>
        <LeaderDashboardContent {...dashboard} />
      </Suspense>
    </CollapsiblePanel>
  );
}
