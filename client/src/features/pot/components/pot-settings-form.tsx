import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updatePotInputSchema, type Pot, type UpdatePotInput } from '@shared/contract/pot';
import { formatDollars } from '@shared/domain/pot';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { usePot, useUpdatePot } from '../api/pot';

const DOLLARS_NEEDED = 'Enter an amount in dollars, like 20 or 12.50';

/** '$1,234.5' → 123450 cents; anything else is not an amount. */
export function centsOfDollars(text: string): number | null {
  const match = /^\$?(\d+)(?:\.(\d{1,2}))?$/.exec(text.replaceAll(',', '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const dollarsField = z.string().refine((text) => centsOfDollars(text) !== null, DOLLARS_NEEDED);

/** The controls hold dollars and '50, 30, 20'; the request holds cents and a list. */
const potSettingsSchema = z
  .object({ entryCents: dollarsField, weeklyPrizeCents: dollarsField, payoutSplit: z.string() })
  .transform((values): UpdatePotInput => ({
    entryCents: centsOfDollars(values.entryCents) ?? 0,
    weeklyPrizeCents: centsOfDollars(values.weeklyPrizeCents) ?? 0,
    payoutSplit: values.payoutSplit
      .split(/[\s,%]+/)
      .filter(Boolean)
      .map(Number),
  }))
  .pipe(updatePotInputSchema);
type PotSettingsValues = z.input<typeof potSettingsSchema>;
const FIELDS = ['entryCents', 'weeklyPrizeCents', 'payoutSplit'] as const;

const dollarsOf = (cents: number) => formatDollars(cents).slice(1);

/** Product rules §10 'Pot': the leader's amounts and split, where payment is tracked. */
export function PotSettings({ groupId }: { groupId: number }) {
  const pot = usePot(groupId);
  if (!pot.data) return null;
  return <PotSettingsForm groupId={groupId} pot={pot.data} />;
}

export function PotSettingsForm({ groupId, pot }: { groupId: number; pot: Pot }) {
  const updateMutation = useUpdatePot(groupId);
  const form = useForm<PotSettingsValues, unknown, UpdatePotInput>({
    resolver: zodResolver(potSettingsSchema),
    defaultValues: {
      entryCents: dollarsOf(pot.entryCents),
      weeklyPrizeCents: dollarsOf(pot.weeklyPrizeCents),
      payoutSplit: pot.payoutSplit.join(', '),
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (change) => {
      try {
        await updateMutation.mutateAsync(change);
        toast({ title: 'Pot updated' });
      } catch (error) {
        reportRefusal(error, 'Failed to update the pot', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Entry amount ($)" error={errors.entryCents?.message}>
          {(control) => <Input {...control} {...form.register('entryCents')} inputMode="decimal" />}
        </Field>
        <Field label="Weekly prize ($)" error={errors.weeklyPrizeCents?.message}>
          {(control) => (
            <Input {...control} {...form.register('weeklyPrizeCents')} inputMode="decimal" />
          )}
        </Field>
      </div>
      <Field
        label="Payout split (%)"
        hint="Each place's share, first place first, adding up to 100: 50, 30, 20."
        error={errors.payoutSplit?.message}
      >
        {(control) => <Input {...control} {...form.register('payoutSplit')} autoComplete="off" />}
      </Field>
      <Button
        type="submit"
        variant="outline"
        className="w-full sm:w-auto sm:justify-self-start"
        pending={updateMutation.isPending}
      >
        Save Pot
      </Button>
    </form>
  );
}
