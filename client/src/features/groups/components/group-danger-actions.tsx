import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { GroupDetails } from '@shared/contract/groups';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { leaveDialogEntry } from '@client/lib/use-close-on-back';
import { forgetGroup } from '../api/group-details';
import { useDeleteGroup, useLeaveGroup } from '../api/leave-or-delete-group';

interface GroupActionProps {
  group: GroupDetails;
  userId: number;
}

export function DeleteGroupButton({ group, userId }: GroupActionProps) {
  const deleteMutation = useDeleteGroup(userId, group.id);
  return (
    <ConfirmedGroupExit
      triggerLabel="Delete Group"
      icon={<Trash2 aria-hidden />}
      title={`Delete ${group.name}?`}
      description="This deletes the group for every member, with all its props, picks and activity. It cannot be undone."
      confirmLabel="Delete Group"
      pending={deleteMutation.isPending}
      run={() => deleteMutation.mutateAsync()}
      successTitle="Group deleted successfully"
      failureTitle="Failed to delete group"
      groupId={group.id}
    />
  );
}

/** Product rules §4 'Leaving a group'. */
export function LeaveGroupButton({ group, userId }: GroupActionProps) {
  const leaveMutation = useLeaveGroup(userId, group.id);
  const comingBack = group.isOfficial
    ? 'You can join the event again from your home page.'
    : 'To come back you will need the invite code again.';
  return (
    <ConfirmedGroupExit
      triggerLabel="Leave Group"
      icon={<LogOut aria-hidden />}
      title={`Leave ${group.name}?`}
      description={`Your picks in this group will be deleted. ${comingBack}`}
      confirmLabel="Leave Group"
      pending={leaveMutation.isPending}
      run={() => leaveMutation.mutateAsync()}
      successTitle="Left group successfully"
      failureTitle="Failed to leave group"
      groupId={group.id}
    />
  );
}

interface ConfirmedGroupExitProps {
  triggerLabel: string;
  icon: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  run: () => Promise<unknown>;
  successTitle: string;
  failureTitle: string;
  groupId: number;
}

function ConfirmedGroupExit({
  triggerLabel,
  icon,
  title,
  description,
  confirmLabel,
  pending,
  run,
  successTitle,
  failureTitle,
  groupId,
}: ConfirmedGroupExitProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = async () => {
    try {
      await run();
    } catch (error) {
      setOpen(false);
      toast({ title: failureTitle, description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: successTitle });
    await leaveDialogEntry();
    await navigate('/', { replace: true });
    // Only now: while the group page was showing, its queries would have asked again.
    forgetGroup(queryClient, groupId);
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="destructive"
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {icon}
          {triggerLabel}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
