import { CircleAlert, Crown, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { GroupDetails, GroupMember } from '@shared/contract/groups';
import { Badge } from '@client/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { LoadingState } from '@client/components/ui/loading-state';
import { Switch } from '@client/components/ui/switch';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useGroupMembers } from '../api/group-members';
import { useSetPaymentStatus } from '../api/payment-status';
import { PaymentBadge } from './payment-badge';

interface PaymentStatusDialogProps {
  group: GroupDetails;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
}

/** Product rules §2 'Payment Status dialog'. */
export function PaymentStatusDialog({
  group,
  userId,
  open,
  onOpenChange,
  trigger,
}: PaymentStatusDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Payment Status</DialogTitle>
          <DialogDescription>
            {group.trackPaymentStatus
              ? 'Mark who has paid. Members see their own status on the group page.'
              : 'Payment tracking is off. Turn on Track payment status in the Leader Dashboard to mark members.'}
          </DialogDescription>
        </DialogHeader>
        {/* Radix mounts the content only while open, so the list is fetched only then. */}
        <MemberPaymentList group={group} userId={userId} />
      </DialogContent>
    </Dialog>
  );
}

function MemberPaymentList({ group, userId }: { group: GroupDetails; userId: number }) {
  const membersQuery = useGroupMembers(group.id);

  if (membersQuery.isPending) return <LoadingState label="Loading members..." className="py-8" />;
  if (membersQuery.isError) {
    return (
      <div role="alert" className="flex gap-3 rounded-lg bg-destructive-soft p-4 text-destructive">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold">Error loading members</p>
          <p className="text-sm">{membersQuery.error.message}</p>
        </div>
      </div>
    );
  }
  if (membersQuery.data.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-muted-foreground">
        <UsersRound className="size-5" aria-hidden />
        No members found
      </p>
    );
  }

  return (
    <ul aria-label="Members" className="-mx-1 grid divide-y divide-border">
      {membersQuery.data.map((member) => (
        <MemberPaymentRow
          key={member.id}
          member={member}
          group={group}
          userId={userId}
          isViewer={member.id === userId}
        />
      ))}
    </ul>
  );
}

function MemberPaymentRow({
  member,
  group,
  userId,
  isViewer,
}: {
  member: GroupMember;
  group: GroupDetails;
  userId: number;
  isViewer: boolean;
}) {
  const paymentMutation = useSetPaymentStatus(userId, group.id);
  const name = member.displayName || 'Unnamed member';

  const setPaid = async (isPaid: boolean) => {
    try {
      await paymentMutation.mutateAsync({ memberId: member.id, isPaid });
      toast({
        title: 'Payment status updated',
        description: `${name} is now ${isPaid ? 'PAID' : 'UNPAID'}.`,
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to update payment status. ${errorMessage(error)}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <li className="flex items-center gap-3 px-1 py-2">
      <div className="grid w-0 min-w-0 flex-1 gap-1">
        <p className="truncate font-semibold" title={name}>
          {name}
          {isViewer ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <PaymentBadge isPaid={member.isPaid === true} />
          {member.isLeader ? (
            <Badge variant="neutral">
              <Crown aria-hidden />
              Leader
            </Badge>
          ) : null}
        </div>
      </div>
      <Switch
        checked={member.isPaid === true}
        disabled={!group.trackPaymentStatus || paymentMutation.isPending}
        aria-label={`${name} has paid`}
        onCheckedChange={(checked) => void setPaid(checked)}
      />
    </li>
  );
}
