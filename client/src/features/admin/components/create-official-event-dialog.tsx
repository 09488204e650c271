import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createOfficialEventInputSchema,
  GROUP_NAME_MAX_LENGTH,
  INVITE_PERMISSIONS,
  type CreateOfficialEventInput,
} from '@shared/contract/groups';
import { LOCK_TYPES } from '@shared/domain/lock-state';
import { DEFAULT_OFFICIAL_EVENT_SPORTS, OFFICIAL_EVENT_SPORTS } from '@shared/sports';
import { InvitePermissionField } from '@client/components/group-settings/group-settings-fields';
import { LockTypeAndTimeFields } from '@client/components/group-settings/lock-fields';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { fromDateTimeLocalValue } from '@client/lib/datetime-local';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import {
  useCreateOfficialEvent,
  type CreateOfficialEventValues,
} from '../api/create-official-event';

/**
 * lockValue is the datetime-local input's value in the viewer's time; the shared schema
 * checks it once it is an instant.
 */
const formSchema = z
  .object({
    name: z.string(),
    activeSports: z.array(z.enum(OFFICIAL_EVENT_SPORTS)),
    invitePermission: z.enum(INVITE_PERMISSIONS),
    lockType: z.enum(LOCK_TYPES),
    lockValue: z.string(),
  })
  .transform((values): CreateOfficialEventInput => ({
    ...values,
    lockValue: values.lockType === 'time' ? fromDateTimeLocalValue(values.lockValue) : null,
    listType: 'prebuilt',
  }))
  .pipe(createOfficialEventInputSchema);
type FormValues = z.input<typeof formSchema>;

/** Product rules §5 'Create official event form' defaults. */
const DEFAULTS: FormValues = {
  name: '',
  activeSports: [...DEFAULT_OFFICIAL_EVENT_SPORTS],
  invitePermission: 'leader',
  lockType: 'game',
  lockValue: '',
};

const FIELDS = ['name', 'activeSports', 'lockValue'] as const;

interface CreateOfficialEventDialogProps {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateOfficialEventDialog({
  userId,
  open,
  onOpenChange,
}: CreateOfficialEventDialogProps) {
  const mutation = useCreateOfficialEvent(userId);
  const form = useForm<FormValues, unknown, CreateOfficialEventValues>({
    resolver: zodResolver(formSchema),
    defaultValues: DEFAULTS,
    // A field's message goes as soon as that field is touched again.
    reValidateMode: 'onSubmit',
  });
  const sportsErrorId = useId();
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const group = await mutation.mutateAsync(values);
        toast({
          title: 'Official event created!',
          description: `${group.name} is live. Its invite code is ${group.code}.`,
        });
        form.reset(DEFAULTS);
        onOpenChange(false);
      } catch (error) {
        reportRefusal(error, 'Failed to create official group', FIELDS, form.setError);
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
          <DialogTitle>Create Official Event</DialogTitle>
          <DialogDescription>
            Every user sees it on their home page and can join it with a Discord or Reddit username.
            Props come from the master list.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-5" onSubmit={(event) => void submit(event)}>
          <Field label="Event name" error={errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('name', {
                  onChange: () => {
                    form.clearErrors('name');
                  },
                })}
                maxLength={GROUP_NAME_MAX_LENGTH}
                autoComplete="off"
                placeholder="e.g. Bowl Season Showdown"
              />
            )}
          </Field>

          <Controller
            control={form.control}
            name="activeSports"
            render={({ field }) => (
              <fieldset
                className="grid gap-2"
                aria-describedby={errors.activeSports ? sportsErrorId : undefined}
              >
                <legend className="mb-2 text-sm font-semibold">Sports</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {OFFICIAL_EVENT_SPORTS.map((sport) => (
                    <CheckboxField
                      key={sport}
                      label={sport}
                      checked={field.value.includes(sport)}
                      aria-invalid={Boolean(errors.activeSports)}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        // Kept in catalogue order whatever the order of the clicks.
                        form.clearErrors('activeSports');
                        field.onChange(
                          OFFICIAL_EVENT_SPORTS.filter((candidate) =>
                            candidate === sport
                              ? event.target.checked
                              : field.value.includes(candidate),
                          ),
                        );
                      }}
                    />
                  ))}
                </div>
                {errors.activeSports ? (
                  <p id={sportsErrorId} className="text-sm font-medium text-destructive">
                    {errors.activeSports.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />

          <Controller
            control={form.control}
            name="invitePermission"
            render={({ field }) => (
              <InvitePermissionField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                className="sm:grid-cols-2"
              />
            )}
          />

          <LockTypeAndTimeFields form={form} timeHint="In your own time zone." />

          <Button type="submit" size="lg" className="w-full" pending={mutation.isPending}>
            Create Event
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
