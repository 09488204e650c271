import { UserRound } from 'lucide-react';
import { Suspense } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import { CollapsiblePanel } from '@client/components/ui/collapsible-panel';
import { LoadingState } from '@client/components/ui/loading-state';
import { lazyNamed } from '@client/lib/lazy-named';
import { lockSummaryOf } from './lock-summary';

const LeaveGroupButton = lazyNamed(() => import('./group-danger-actions'), 'LeaveGroupButton');

/** Product rules §2. */
export function MemberDashboard({ group, userId }: { group: GroupDetails; userId: number }) {
  return (
    <CollapsiblePanel title="Member Dashboard" icon={UserRound} description={lockSummaryOf(group)}>
      <div className="grid gap-3 px-5 py-5 sm:px-6">
        <p className="text-sm text-muted-foreground">
          Leaving takes you off the leaderboard and deletes your picks in this group.
        </p>
        <Suspense fallback={<LoadingState />}>
          <LeaveGroupButton group={group} userId={userId} />
        </Suspense>
      </div>
    </CollapsiblePanel>
  );
}
