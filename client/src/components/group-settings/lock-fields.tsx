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

interface LockValues extends FieldValues {
  lockType: LockType;
  /** Read only when the type is 'time'. */
  lockValue: string;
}

/** Choosing another type clears the time's message; the form's own schema says when a time is missing. */
export function LockTypeAndTimeFields<Values extends LockValues, Output>({
  form,
  typeClassName,
  timeHint,
  timeClassName,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  typeClassName?: string;
  timeHint: string;
  timeClassName?: string;
}) {
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
