import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { TIME_LOCK_NEEDS_VALUE, type GroupDetails } from '@shared/contract/groups';
import {
  propsReopenedBy,
  type GroupLockSettings,
  type LockType,
  type PropLockInput,
} from '@shared/domain/lock-state';
import { LockTypeField } from '@client/components/group-settings/group-settings-fields';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@client/lib/datetime-local';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useUpdateGroup, type UpdateGroupValues } from '../api/update-group';

/** What the form needs of a prop to say which ones a change would reopen. */
export interface LockableProp extends PropLockInput {
  id: number;
  title: string;
}

interface LockSettingsFormProps {
  group: GroupDetails;
  userId: number;
  /** The group's props, to name those a change would open again before it is saved. */
  props: readonly LockableProp[];
}

const SHOWN_TITLES = 5;

/**
 * Product rules §2 lock settings. Choosing Game start or Set time clears the leader's manual lock:
 * under those types the flag would otherwise keep props locked with no switch in sight.
 */
export function LockSettingsForm({ group, userId, props }: LockSettingsFormProps) {
  const updateMutation = useUpdateGroup(userId, group.id);
  const [lockType, setLockType] = useState<LockType>(group.lockType);
  const [lockTime, setLockTime] = useState(() => toDateTimeLocalValue(group.lockValue));
  const [lockTimeError, setLockTimeError] = useState<string>();
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
      toast({
        title: 'Failed to update group',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setReopening(null);
    }
  };

  // Decision 0016: a change that opens locked props again is named before it is saved.
  // The shared rule decides, at this moment; a started game is never among them.
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
    const reopened = propsReopenedBy(props, before, after, new Date());
    if (reopened.length > 0) setReopening({ change, props: reopened });
    else return send(change);
  };

  const saveLockType = () => {
    if (lockType === 'time') {
      if (!lockValue) {
        setLockTimeError(TIME_LOCK_NEEDS_VALUE);
        return;
      }
      void save({ lockType, lockValue, isLocked: false });
    } else if (lockType === 'game') {
      void save({ lockType, isLocked: false });
    } else {
      void save({ lockType });
    }
  };

  const manuallyLocked = group.lockType === 'leader' && group.isManuallyLocked;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        saveLockType();
      }}
      className="grid gap-4"
    >
      <LockTypeField
        value={lockType}
        onChange={(value) => {
          setLockType(value);
          setLockTimeError(undefined);
        }}
        className="sm:grid-cols-3"
      />

      {lockType === 'time' ? (
        <Field
          label="Lock time"
          hint={`In your time zone (${timeZone}). A time already past locks the props at once.`}
          error={lockTimeError}
          className="sm:max-w-xs"
        >
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={lockTime}
              onChange={(event) => {
                setLockTime(event.target.value);
                setLockTimeError(undefined);
              }}
            />
          )}
        </Field>
      ) : null}

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
            // Locking also makes Leader the lock type, saved or not.
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

/** The reopened props by title, so the leader knows what members can pick again. */
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
