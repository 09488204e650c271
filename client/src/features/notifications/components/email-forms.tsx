import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailCodeInputSchema, emailInputSchema, type EmailAddress } from '@shared/contract/mail';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';

const ADDRESS_FIELDS = ['email'] as const;

export function AddressForm({
  current,
  disabled = false,
  onSubmit,
  onCancel,
}: {
  current: EmailAddress;
  disabled?: boolean;
  onSubmit: (email: string) => Promise<unknown>;
  onCancel: (() => void) | undefined;
}) {
  const form = useForm<
    z.input<typeof emailInputSchema>,
    unknown,
    z.output<typeof emailInputSchema>
  >({
    resolver: zodResolver(emailInputSchema),
    defaultValues: { email: current?.address ?? '' },
  });
  const submit = form.handleSubmit(
    async ({ email }) => {
      try {
        await onSubmit(email);
      } catch (error) {
        reportRefusal(error, 'Failed to send the code', ADDRESS_FIELDS, form.setError);
      }
    },
    (errors) => toastFirstValidationError(errors, ADDRESS_FIELDS),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
      <fieldset disabled={disabled} className="contents">
        <Field
          label="E-mail address"
          hint="For reminders, recaps and nudges. We send a code to check it's yours."
          error={form.formState.errors.email?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={form.formState.isSubmitting}>
            Send Code
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

const CODE_FIELDS = ['code'] as const;

export function CodeForm({
  onSubmit,
  onResend,
  resending,
}: {
  onSubmit: (code: string) => Promise<unknown>;
  onResend: () => void;
  resending: boolean;
}) {
  const form = useForm<
    z.input<typeof emailCodeInputSchema>,
    unknown,
    z.output<typeof emailCodeInputSchema>
  >({ resolver: zodResolver(emailCodeInputSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(
    async ({ code }) => {
      try {
        await onSubmit(code);
      } catch (error) {
        reportRefusal(error, 'Failed to verify', CODE_FIELDS, form.setError);
      }
    },
    (errors) => toastFirstValidationError(errors, CODE_FIELDS),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
      <Field
        label="Code"
        hint="The six digits we sent. A code is good for 15 minutes and five tries."
        error={form.formState.errors.code?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="max-w-40 tracking-widest"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={form.formState.isSubmitting}>
          Verify
        </Button>
        <Button type="button" variant="ghost" pending={resending} onClick={onResend}>
          Send a New Code
        </Button>
      </div>
    </form>
  );
}
