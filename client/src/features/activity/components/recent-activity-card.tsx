import { Activity, List } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ActivityEvent } from '@shared/contract/activity';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { RECENT_ACTIVITY_LIMIT, useActivityEvents, useActivityPages } from '../api/activity-events';
import { ActivityList } from './activity-list';

export function RecentActivityCard({ groupId }: { groupId: number }) {
  const query = useActivityEvents(groupId, RECENT_ACTIVITY_LIMIT);
  return (
    <RecentActivityCardView events={query.data} allActivity={<AllActivity groupId={groupId} />} />
  );
}

interface RecentActivityCardViewProps {
  /** undefined while loading. */
  events: readonly ActivityEvent[] | undefined;
  /** Mounted only while the dialog is open. */
  allActivity: ReactNode;
}

/** Product rules §2: the 5 newest events, and the full list in the All Activity dialog. */
export function RecentActivityCardView({ events, allActivity }: RecentActivityCardViewProps) {
  return (
    <SectionCard title="Recent Activity" icon={Activity}>
      {events === undefined ? (
        <LoadingState className="py-6" />
      ) : events.length > 0 ? (
        <div className="grid gap-2">
          <ActivityList events={events} label="Recent activity" />
          <AllActivityDialog>{allActivity}</AllActivityDialog>
        </div>
      ) : (
        <SectionEmpty title="No activity yet">
          Results and changes in the group show here.
        </SectionEmpty>
      )}
    </SectionCard>
  );
}

function AllActivityDialog({ children }: { children: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="w-full">
          <List aria-hidden />
          All Activity
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>All Activity</DialogTitle>
          <DialogDescription>
            Everything that happened in the group, newest first.
          </DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so each opening reads the list afresh. */
function AllActivity({ groupId }: { groupId: number }) {
  const query = useActivityPages(groupId);
  if (query.isPending) return <LoadingState className="py-6" />;
  const events = query.data?.pages.flat() ?? [];
  if (events.length === 0) return <SectionEmpty title="No activity yet" />;
  return (
    <div className="grid gap-2">
      <ActivityList events={events} label="All activity" />
      {query.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          disabled={query.isFetchingNextPage}
          onClick={() => {
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
