import { useId, useState, type FormEvent } from 'react';
import {
  createOfficialEventInputSchema,
  GROUP_NAME_MAX_LENGTH,
  type InvitePermission,
} from '@shared/contract/groups';
import type { LockType } from '@shared/domain/lock-state';
import {
  DEFAULT_OFFICIAL_EVENT_SPORTS,
  OFFICIAL_EVENT_SPORTS,
  type OfficialEventSport,
} from '@shared/sports';
import {
  InvitePermissionField,
  LockTypeField,
} from '@client/components/group-settings/group-settings-fields';
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
import { isApiError } from '@client/lib/api-client';
import { fromDateTimeLocalValue } from '@client/lib/datetime-local';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useCreateOfficialEvent } from '../api/create-official-event';

interface FormState {
  name: string;
  activeSports: OfficialEventSport[];
  invitePermission: InvitePermission;
  lockType: LockType;
  /** What the datetime-local input holds, in the viewer's time. */
  lockTime: string;
}

/** Product rules §5 'Create official event form' defaults. */
const DEFAULTS: FormState = {
  name: '',
  activeSports: [...DEFAULT_OFFICIAL_EVENT_SPORTS],
  invitePermission: 'leader',
  lockType: 'game',
  lockTime: '',
};

type FieldName = 'name' | 'activeSports' | 'lockValue';
type Errors = Partial<Record<FieldName, string>>;
const FIELD_ORDER: readonly FieldName[] = ['name', 'activeSports', 'lockValue'];

const isFieldName = (name: unknown): name is FieldName =>
  typeof name === 'string' && (FIELD_ORDER as readonly string[]).includes(name);

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
  const [form, setForm] = useState<FormState>(DEFAULTS);
  const [errors, setErrors] = useState<Errors>({});
  const sportsErrorId = useId();

  /** A field's message goes as soon as that field is touched again. */
  const update = (change: Partial<FormState>, clears?: FieldName) => {
    setForm((current) => ({ ...current, ...change }));
    if (clears) setErrors((current) => ({ ...current, [clears]: undefined }));
  };

  const toggleSport = (sport: OfficialEventSport, checked: boolean) => {
    update(
      {
        // Kept in catalogue order whatever the order of the clicks.
        activeSports: OFFICIAL_EVENT_SPORTS.filter((candidate) =>
          candidate === sport ? checked : form.activeSports.includes(candidate),
        ),
      },
      'activeSports',
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The shared schema is the server's validator too: same rules, same words.
    const parsed = createOfficialEventInputSchema.safeParse({
      name: form.name,
      activeSports: form.activeSports,
      invitePermission: form.invitePermission,
      lockType: form.lockType,
      lockValue: form.lockType === 'time' ? fromDateTimeLocalValue(form.lockTime) : null,
      listType: 'prebuilt',
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      const first = FIELD_ORDER.map((field) => found[field]).find(Boolean);
      toast({
        title: 'Validation Error',
        description: first ?? parsed.error.issues[0]?.message,
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    try {
      const group = await mutation.mutateAsync(parsed.data);
      toast({
        title: 'Official event created!',
        description: `${group.name} is live. Its invite code is ${group.code}.`,
      });
      setForm(DEFAULTS);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error)) {
        const fromServer: Errors = {};
        for (const field of FIELD_ORDER) {
          const message = error.fieldErrors[field]?.[0];
          if (message) fromServer[field] = message;
        }
        setErrors(fromServer);
      }
      toast({
        title: 'Failed to create official group',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

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
          <Field label="Event name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                value={form.name}
                maxLength={GROUP_NAME_MAX_LENGTH}
                autoComplete="off"
                placeholder="e.g. Bowl Season Showdown"
                onChange={(event) => {
                  update({ name: event.target.value }, 'name');
                }}
              />
            )}
          </Field>

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
                  checked={form.activeSports.includes(sport)}
                  aria-invalid={Boolean(errors.activeSports)}
                  onChange={(event) => {
                    toggleSport(sport, event.target.checked);
                  }}
                />
              ))}
            </div>
            {errors.activeSports ? (
              <p id={sportsErrorId} className="text-sm font-medium text-destructive">
                {errors.activeSports}
              </p>
            ) : null}
          </fieldset>

          <InvitePermissionField
            value={form.invitePermission}
            onChange={(value) => {
              update({ invitePermission: value });
            }}
            className="sm:grid-cols-2"
          />

          <LockTypeField
            value={form.lockType}
            onChange={(value) => {
              update({ lockType: value }, 'lockValue');
            }}
          />

          {form.lockType === 'time' ? (
            <Field label="Lock time" hint="In your own time zone." error={errors.lockValue}>
              {(control) => (
                <Input
                  {...control}
                  type="datetime-local"
                  value={form.lockTime}
                  onChange={(event) => {
                    update({ lockTime: event.target.value }, 'lockValue');
                  }}
                />
              )}
            </Field>
          ) : null}

          <Button type="submit" size="lg" className="w-full" pending={mutation.isPending}>
            Create Event
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
