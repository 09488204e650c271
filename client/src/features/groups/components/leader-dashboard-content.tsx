import { Wallet } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useUpdateGroup } from '../api/update-group';
import { CompetitionSettingsForm } from './competition-settings-form';
import { ExportLinks } from './export-links';
import { DeleteGroupButton } from './group-danger-actions';
import type { LeaderDashboardProps } from './leader-dashboard';
import { LockSettingsForm } from './lock-settings-form';
import { PaymentStatusDialog } from './payment-status-dialog';
import { StartSeasonForm } from './start-season-form';
import { StillToPick } from './still-to-pick';

export function LeaderDashboardContent({
  group,
  userId,
  propTools,
  potSettings,
  props,
  nudge,
}: LeaderDashboardProps) {
  return (
    <div className="grid divide-y divide-border">
      <DashboardSection title="Lock settings">
        <LockSettingsForm group={group} userId={userId} props={props} />
      </DashboardSection>
      <DashboardSection title="Scoring">
        <CompetitionSettingsForm group={group} userId={userId} />
      </DashboardSection>
      {propTools ? <DashboardSection title="Props">{propTools}</DashboardSection> : null}
      <DashboardSection title="Still to pick">
        <StillToPick groupId={group.id} userId={userId} nudge={nudge} />
      </DashboardSection>
      <DashboardSection title="Payments">
        <PaymentTools group={group} userId={userId} />
        {group.trackPaymentStatus ? potSettings : null}
      </DashboardSection>
      <DashboardSection title="Season">
        <StartSeasonForm group={group} userId={userId} />
      </DashboardSection>
      <DashboardSection title="Downloads">
        <ExportLinks groupId={group.id} />
      </DashboardSection>
      <DashboardSection title="Danger zone">
        <p className="text-sm text-muted-foreground">
          Deleting the group removes it for every member, with all its props and picks.
        </p>
        <DeleteGroupButton group={group} userId={userId} />
      </DashboardSection>
    </div>
  );
}

function DashboardSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-3 px-5 py-5 sm:px-6">
      <h3 id={titleId} className="text-sm font-bold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function PaymentTools({ group, userId }: { group: GroupDetails; userId: number }) {
  const updateMutation = useUpdateGroup(userId, group.id);
  const [dialogOpen, setDialogOpen] = useState(false);
  const switchId = useId();
  const hintId = useId();

  const setTracking = async (trackPaymentStatus: boolean) => {
    try {
      await updateMutation.mutateAsync({ trackPaymentStatus });
      toast({
        title: 'Group updated successfully',
        description: trackPaymentStatus
          ? 'Payment tracking is on. Members now see PAID or UNPAID.'
          : 'Payment tracking is off.',
      });
    } catch (error) {
      toast({
        title: 'Failed to update group',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <Switch
          id={switchId}
          checked={group.trackPaymentStatus}
          disabled={updateMutation.isPending}
          aria-describedby={hintId}
          onCheckedChange={(checked) => void setTracking(checked)}
          className="-ml-1"
        />
        <div className="grid gap-0.5">
          <label htmlFor={switchId} className="cursor-pointer text-sm font-semibold">
            Track payment status
          </label>
          <p id={hintId} className="text-sm text-muted-foreground">
            Shows each member PAID or UNPAID.
          </p>
        </div>
      </div>
      <PaymentStatusDialog
        group={group}
        userId={userId}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        trigger={
          <Button type="button" variant="outline" className="w-full sm:w-auto">
            <Wallet aria-hidden />
            Payment Status
          </Button>
        }
      />
    </div>
  );
}
