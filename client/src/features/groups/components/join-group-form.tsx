import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  joinGroupInputSchema,
  type GroupDetails,
  type JoinGroupInput,
} from '@shared/contract/groups';
import { INVITE_CODE_LENGTH, INVITE_CODE_MAX_INPUT_LENGTH } from '@shared/domain/invite-code';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { joinToastOf, useJoinGroup, type JoinGroupValues } from '../api/join-group';
import { upperCaseAsTyped } from './upper-case-as-typed';

const FIELDS = ['code'] as const;

interface JoinGroupFormProps {
  userId: number;
  onJoined: (group: GroupDetails) => void;
}

/** Product rules §2 and §5 'Join group'. */
export function JoinGroupForm({ userId, onJoined }: JoinGroupFormProps) {
  const joinMutation = useJoinGroup(userId);
  const form = useForm<JoinGroupInput, unknown, JoinGroupValues>({
    resolver: zodResolver(joinGroupInputSchema),
    defaultValues: { code: '' },
  });
  const codeField = form.register('code');

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const outcome = await joinMutation.mutateAsync(values);
        toast(joinToastOf(outcome));
        onJoined(outcome.group);
      } catch (error) {
        reportRefusal(error, 'Failed to join group', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <Field
        label="Group code"
        hint={`The ${INVITE_CODE_LENGTH}-character invite code from your group's leader.`}
        error={form.formState.errors.code?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...codeField}
            onChange={(event) => {
              upperCaseAsTyped(event);
              void codeField.onChange(event);
            }}
            className="font-mono text-lg tracking-widest placeholder:font-sans placeholder:text-base placeholder:tracking-normal placeholder:normal-case"
            placeholder="e.g. ABCD2345"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={INVITE_CODE_MAX_INPUT_LENGTH}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" pending={joinMutation.isPending}>
        Join Group
      </Button>
    </form>
  );
}
