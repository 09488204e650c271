import {
  Controller,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { LockType } from '@shared/domain/lock-state';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { LockTypeField } from './group-settings-fields';

/** The fields of a form that sets a group's lock: its type, and a set time's value. */
interface LockValues extends FieldValues {
  lockType: LockType;
  /** A `datetime-local` value; read only when the type is 'time'. */
  lockValue: string;
}

/**
 * The lock type's cards and, for a set time, its time field, wired into a react-hook-form
 * form (the lock settings and the operator's official-event dialog). Choosing another type
 * clears the time's message; the form's own schema says when a time is missing.
 */
export function LockTypeAndTimeFields<Values extends LockValues, Output>({
  form,
  typeClassName,
  timeHint,
  timeClassName,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  /** The grid of the type's cards (for example `sm:grid-cols-3`). */
  typeClassName?: string;
  timeHint: string;
  timeClassName?: string;
}) {
  // The names as the form's own paths: every form this serves has both fields.
  const lockTypeName = 'lockType' as Path<Values>;
  const lockValueName = 'lockValue' as Path<Values>;
  const lockType = useWatch({ control: form.control, name: lockTypeName }) as LockType;
  const timeError = form.getFieldState(lockValueName, form.formState).error?.message;
  return (
    <>
      <Controller
        control={form.control}
        name={lockTypeName}
        render={({ field }) => (
          <LockTypeField
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              form.clearErrors(lockValueName);
            }}
            onBlur={field.onBlur}
            className={typeClassName}
          />
        )}
      />
      {lockType === 'time' ? (
        <Field label="Lock time" hint={timeHint} error={timeError} className={timeClassName}>
          {(control) => (
            <Input
              {...control}
              {...form.register(lockValueName, {
                onChange: () => {
                  form.clearErrors(lockValueName);
                },
              })}
              type="datetime-local"
            />
          )}
        </Field>
      ) : null}
    </>
  );
}
