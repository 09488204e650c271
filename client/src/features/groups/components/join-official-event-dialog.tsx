import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  joinOfficialInputSchema,
  SOCIAL_USERNAME_MAX_LENGTH,
  type JoinOfficialInput,
} from '@shared/contract/groups';
import type { UserGroupSummary } from '@shared/contract/users';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useJoinOfficialEvent, type JoinOfficialValues } from '../api/join-group';

const FIELDS = ['socialUsername'] as const;

interface JoinOfficialEventDialogProps {
  event: Pick<UserGroupSummary, 'id' | 'name'>;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Product rules §2 and §4 'Joining an official event'. */
export function JoinOfficialEventDialog({
  event,
  userId,
  open,
  onOpenChange,
}: JoinOfficialEventDialogProps) {
  const joinMutation = useJoinOfficialEvent(userId);
  const form = useForm<JoinOfficialInput, unknown, JoinOfficialValues>({
    resolver: zodResolver(joinOfficialInputSchema),
    defaultValues: { groupId: event.id, socialUsername: '' },
  });
  const socialUsername = useWatch({ control: form.control, name: 'socialUsername' });
  const isBlank = typeof socialUsername !== 'string' || !socialUsername.trim();

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const group = await joinMutation.mutateAsync(values);
        toast({
          title: 'Joined official event successfully!',
          description: `Welcome to ${group.name}! You are now eligible for prizes.`,
        });
        onOpenChange(false);
        form.reset();
      } catch (error) {
        reportRefusal(error, 'Failed to join official event', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Join Official Event</DialogTitle>
          <DialogDescription>
            Enter your Discord or Reddit username to join{' '}
            <strong className="font-semibold text-foreground">{event.name}</strong>. It is how prize
            winners are contacted.
          </DialogDescription>
          <p className="text-sm text-muted-foreground">
            Joining late? You are scored only on props still open when you join: props that have
            already locked never count against you.
          </p>
        </DialogHeader>
        <form
          onSubmit={(submitEvent) => void submit(submitEvent)}
          noValidate
          className="grid gap-4"
        >
          <Field
            label="Discord or Reddit username"
            error={form.formState.errors.socialUsername?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('socialUsername')}
                placeholder="@username or u/username"
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={SOCIAL_USERNAME_MAX_LENGTH}
              />
            )}
          </Field>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={isBlank}
            pending={joinMutation.isPending}
          >
            Join Event
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
