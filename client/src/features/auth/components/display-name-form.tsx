import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '@shared/contract/auth';
import { updateDisplayNameInputSchema } from '@shared/domain/account-rules';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { useUpdateDisplayName, type UpdateDisplayNameValues } from '../api/update-display-name';
import { DisplayNameField, DisplayNameInput } from './display-name-input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';

const FIELDS = ['displayName'] as const;

export function DisplayNameForm({ user }: { user: User }) {
  const updateMutation = useUpdateDisplayName(user.id);
  const form = useForm<{ displayName: string }, unknown, UpdateDisplayNameValues>({
    resolver: zodResolver(updateDisplayNameInputSchema),
    defaultValues: { displayName: user.displayName },
  });
  const displayName = useWatch({ control: form.control, name: 'displayName' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const updated = await updateMutation.mutateAsync(values);
        form.reset({ displayName: updated.displayName });
        toast({ title: 'Display name updated successfully!' });
      } catch (error) {
        reportRefusal(error, 'Failed to update display name', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DisplayNameField
        value={displayName}
        hint="Shown to your groups on leaderboards and activity."
        error={errors.displayName?.message}
      >
        {(control) => <DisplayNameInput {...control} {...form.register('displayName')} />}
      </DisplayNameField>
      <Button
        type="submit"
        className="w-full sm:w-auto sm:justify-self-start sm:px-8"
        disabled={!displayName.trim()}
        pending={updateMutation.isPending}
      >
        Update
      </Button>
    </form>
  );
}
