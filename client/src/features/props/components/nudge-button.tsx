import { BellRing } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { isApiError } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { useSendNudge } from '../api/send-nudge';

/** Product rules §4 'Nudges': the server decides whether it goes; its answer is what the sender reads. */
export function NudgeButton({
  groupId,
  member,
}: {
  groupId: number;
  member: { userId: number; displayName: string };
}) {
  const nudge = useSendNudge(groupId);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={`Nudge ${member.displayName}`}
      pending={nudge.isPending}
      onClick={() =>
        nudge.mutate(member.userId, {
          onSuccess: ({ message }) => toast({ title: message }),
          onError: (error) =>
            isApiError(error, 429)
              ? toast({
                  title: 'Already nudged',
                  description: error.body?.message ?? error.message,
                })
              : toast({ title: 'Not nudged', description: error.message, variant: 'destructive' }),
        })
      }
    >
      <BellRing aria-hidden />
      Nudge
    </Button>
  );
}
