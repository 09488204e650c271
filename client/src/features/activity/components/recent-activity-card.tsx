import { Activity, List } from 'lucide-react';
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
import { RECENT_ACTIVITY_LIMIT, useActivityEvents } from '../api/activity-events';
import { ActivityList } from './activity-list';

/** Spec §2: the 5 newest events, and the full list in the All Activity dialog. */
export function RecentActivityCard({ groupId }: { groupId: number }) {
  const query = useActivityEvents(groupId, RECENT_ACTIVITY_LIMIT);
  const hasEvents = (query.data?.length ?? 0) > 0;
  return (
    <SectionCard title="Recent Activity" icon={Activity}>
      {query.isPending ? (
        <LoadingState className="py-6" />
      ) : hasEvents ? (
        <div className="grid gap-2">
          <ActivityList events={query.data ?? []} label="Recent activity" />
          <AllActivityDialog groupId={groupId} />
        </div>
      ) : (
        <SectionEmpty title="No activity yet">
          Results and changes in the group show here.
        </SectionEmpty>
      )}
    </SectionCard>
  );
}

function AllActivityDialog({ groupId }: { groupId: number }) {
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
        <AllActivity groupId={groupId} />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so each opening reads the full list afresh. */
function AllActivity({ groupId }: { groupId: number }) {
  const query = useActivityEvents(groupId, undefined);
  if (query.isPending) return <LoadingState className="py-6" />;
  return query.data && query.data.length > 0 ? (
    <ActivityList events={query.data} label="All activity" />
  ) : (
    <SectionEmpty title="No activity yet" />
  );
}
