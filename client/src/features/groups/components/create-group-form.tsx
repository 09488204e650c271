import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  createGroupInputSchema,
  GROUP_NAME_MAX_LENGTH,
  type CreateGroupInput,
  type GroupDetails,
} from '@shared/contract/groups';
import { DEFAULT_SCORING_MODE } from '@shared/domain/scoring-modes';
import { GROUP_SPORTS } from '@shared/sports';
import {
  DropWorstRoundsField,
  InvitePermissionField,
  ScoringField,
} from '@client/components/group-settings/group-settings-fields';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useCreateGroup, type CreateGroupValues } from '../api/create-group';

const FIELDS = [
  'name',
  'invitePermission',
  'scoring',
  'dropWorstRounds',
  'allowMemberProps',
] as const;

/** Product rules §5 'Create group' defaults. */
const DEFAULTS: CreateGroupInput = {
  name: '',
  activeSports: [...GROUP_SPORTS],
  invitePermission: 'leader',
  listType: 'prebuilt',
  lockType: 'game',
  allowMemberProps: false,
  scoring: DEFAULT_SCORING_MODE,
  dropWorstRounds: 0,
};

interface CreateGroupFormProps {
  userId: number;
  onCreated: (group: GroupDetails) => void;
}

export function CreateGroupForm({ userId, onCreated }: CreateGroupFormProps) {
  const createMutation = useCreateGroup(userId);
  const form = useForm<CreateGroupInput, unknown, CreateGroupValues>({
    resolver: zodResolver(createGroupInputSchema),
    defaultValues: DEFAULTS,
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const group = await createMutation.mutateAsync(values);
        toast({
          title: 'Group created successfully!',
          description: `Your group code is ${group.code ?? ''}. Share it so others can join.`,
        });
        onCreated(group);
      } catch (error) {
        reportRefusal(error, 'Failed to create group', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <Field label="Group name" error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('name')}
            placeholder="e.g. Sunday Squad"
            autoComplete="off"
            maxLength={GROUP_NAME_MAX_LENGTH}
          />
        )}
      </Field>

      <Controller
        control={form.control}
        name="invitePermission"
        render={({ field }) => (
          <InvitePermissionField
            value={field.value ?? 'leader'}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className="sm:grid-cols-2"
          />
        )}
      />

      <Controller
        control={form.control}
        name="scoring"
        render={({ field }) => (
          <ScoringField
            value={field.value ?? DEFAULT_SCORING_MODE}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className="sm:grid-cols-3"
          />
        )}
      />

      <Controller
        control={form.control}
        name="dropWorstRounds"
        render={({ field }) => (
          <DropWorstRoundsField
            value={field.value ?? 0}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className="sm:max-w-xs"
          />
        )}
      />

      <CheckboxField
        {...form.register('allowMemberProps')}
        label="Allow members to create custom props"
        description="Otherwise only you, the leader, can add props."
      />

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!name.trim()}
        pending={createMutation.isPending}
      >
        Create Group
      </Button>
    </form>
  );
}
