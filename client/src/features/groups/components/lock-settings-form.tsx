import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TIME_LOCK_NEEDS_VALUE, type GroupDetails } from '@shared/contract/groups';
import { LOCK_TYPES, propsReopenedBy, type GroupLockSettings } from '@shared/domain/lock-state';
import {
  revealedPropsReopenedBy,
  revealedReopenRefusal,
  type RevealInput,
} from '@shared/domain/reveal';
import { LockTypeAndTimeFields } from '@client/components/group-settings/lock-fields';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@client/lib/datetime-local';
import { reportRefusal } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useUpdateGroup, type UpdateGroupValues } from '../api/update-group';

export interface LockableProp extends RevealInput {
  id: number;
  title: string;
}

interface LockSettingsFormProps {
  group: GroupDetails;
  userId: number;
  props: readonly LockableProp[];
}

const SHOWN_TITLES = 5;

/**
 * Choosing Game start or Set time clears the leader's manual lock: the flag would otherwise
 * keep props locked with no switch in sight.
 */
const lockSettingsSchema = z
  .object({ lockType: z.enum(LOCK_TYPES), lockValue: z.string() })
  .superRefine((values, context) => {
    if (values.lockType === 'time' && !fromDateTimeLocalValue(values.lockValue)) {
      context.addIssue({ code: 'custom', path: ['lockValue'], message: TIME_LOCK_NEEDS_VALUE });
    }
  })
  .transform(({ lockType, lockValue }): UpdateGroupValues => {
    if (lockType === 'time') {
      return { lockType, lockValue: fromDateTimeLocalValue(lockValue), isLocked: false };
    }
    return lockType === 'game' ? { lockType, isLocked: false } : { lockType };
  });
type LockSettingsValues = z.input<typeof lockSettingsSchema>;
const FIELDS = ['lockValue'] as const;

/** Product rules §2 lock settings. */
export function LockSettingsForm({ group, userId, props }: LockSettingsFormProps) {
  const updateMutation = useUpdateGroup(userId, group.id);
  const form = useForm<LockSettingsValues, unknown, UpdateGroupValues>({
    resolver: zodResolver(lockSettingsSchema),
    // The time's message goes as soon as the time is touched again.
    reValidateMode: 'onSubmit',
    defaultValues: { lockType: group.lockType, lockValue: toDateTimeLocalValue(group.lockValue) },
  });
  const [lockType, lockTime] = useWatch({ control: form.control, name: ['lockType', 'lockValue'] });
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const lockValue = fromDateTimeLocalValue(lockTime);
  const unchanged =
    lockType === group.lockType &&
    (lockType !== 'time' || lockValue === group.lockValue) &&
    (lockType === 'leader' || !group.isManuallyLocked);

  const [reopening, setReopening] = useState<{
    change: UpdateGroupValues;
    props: LockableProp[];
  } | null>(null);

  const send = async (change: UpdateGroupValues) => {
    try {
      await updateMutation.mutateAsync(change);
      toast({ title: 'Group updated successfully' });
    } catch (error) {
      reportRefusal(error, 'Failed to update group', FIELDS, form.setError);
    } finally {
      setReopening(null);
    }
  };

  // A change that opens locked props again names them before it is saved.
  const save = (change: UpdateGroupValues) => {
    const before: GroupLockSettings = {
      lockType: group.lockType,
      lockValue: group.lockValue,
      isLocked: group.isManuallyLocked,
    };
    const after: GroupLockSettings = {
      lockType: change.lockType ?? before.lockType,
      lockValue: change.lockValue === undefined ? before.lockValue : change.lockValue,
      isLocked: change.isLocked ?? before.isLocked,
    };
    const now = new Date();
    // Product rules §4 'Reveal': props whose picks everyone has seen never open again.
    const seen = revealedPropsReopenedBy(props, before, after, now);
    if (seen.length > 0) {
      toast({
        title: 'Failed to update group',
        description: revealedReopenRefusal(seen.map((prop) => prop.title)),
        variant: 'destructive',
      });
      return;
    }
    const reopened = propsReopenedBy(props, before, after, now);
    if (reopened.length > 0) setReopening({ change, props: reopened });
    else return send(change);
  };

  const submit = form.handleSubmit((change) => save(change));

  const manuallyLocked = group.lockType === 'leader' && group.isManuallyLocked;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <LockTypeAndTimeFields
        form={form}
        typeClassName="sm:grid-cols-3"
        timeHint={`In your time zone (${timeZone}). A time already past locks the props at once.`}
        timeClassName="sm:max-w-xs"
      />

      {lockType === 'leader' ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm font-semibold" aria-live="polite">
            {manuallyLocked ? (
              <Lock className="size-4 shrink-0" aria-hidden />
            ) : (
              <LockOpen className="size-4 shrink-0" aria-hidden />
            )}
            {manuallyLocked ? 'All props are locked.' : 'All props are open for picks.'}
          </p>
          <Button
            type="button"
            variant={manuallyLocked ? 'outline' : 'default'}
            pending={updateMutation.isPending}
            onClick={() => void save({ lockType: 'leader', isLocked: !manuallyLocked })}
          >
            {manuallyLocked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
            {manuallyLocked ? 'Unlock All Props' : 'Lock All Props'}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={reopening !== null}
        onOpenChange={(open) => {
          if (!open) setReopening(null);
        }}
        title={reopeningTitleOf(reopening?.props.length ?? 0)}
        description={<ReopenedList props={reopening?.props ?? []} />}
        confirmLabel="Save and Reopen"
        pending={updateMutation.isPending}
        onConfirm={() => {
          if (reopening) void send(reopening.change);
        }}
      />

      <Button
        type="submit"
        variant="outline"
        className="w-full sm:w-auto sm:justify-self-start"
        disabled={unchanged}
        pending={updateMutation.isPending}
      >
        Save Lock Settings
      </Button>
    </form>
  );
}

const reopeningTitleOf = (count: number) =>
  count === 1 ? 'This reopens 1 locked prop' : `This reopens ${count} locked props`;

function ReopenedList({ props }: { props: readonly LockableProp[] }) {
  const shown = props.slice(0, SHOWN_TITLES);
  const more = props.length - shown.length;
  return (
    <span className="grid gap-2">
      <span>
        Members will be able to pick again on: {shown.map((prop) => `"${prop.title}"`).join(', ')}
        {more > 0 ? ` and ${more} more` : ''}. Props whose game has started stay locked.
      </span>
    </span>
  );
}
