import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '@shared/contract/auth';
import {
  passwordCharacterKinds,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registerInputSchema,
  USERNAME_MAX_LENGTH,
  type RegisterInput,
} from '@shared/domain/account-rules';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/lib/toast';
import { useRegister, type RegisterValues } from '../api/register';
import { DisplayNameField, DisplayNameInput } from './display-name-input';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';

const FIELDS = ['displayName', 'username', 'password'] as const;

export function RegisterForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const registerMutation = useRegister();
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { displayName: '', username: '', password: '' },
  });
  const [displayName, username, password] = useWatch({ control: form.control, name: FIELDS });
  const hasBlankField = [displayName, username, password].some((value) => !value.trim());
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const user = await registerMutation.mutateAsync(values);
        toast({ title: 'Account created successfully!', description: "Welcome to Pick'em" });
        onSignedIn(user);
      } catch (error) {
        reportRefusal(error, 'Registration failed', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DisplayNameField
        value={displayName}
        hint="Shown to your group on leaderboards."
        error={errors.displayName?.message}
      >
        {(control) => <DisplayNameInput {...control} {...form.register('displayName')} />}
      </DisplayNameField>
      <Field label="Username" hint="Used to log in." error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH}
          />
        )}
      </Field>
      <Field
        label="Password"
        hint={<PasswordHint password={password} />}
        error={errors.password?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
        )}
      </Field>
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        disabled={hasBlankField}
        pending={registerMutation.isPending}
      >
        Create Account
      </Button>
    </form>
  );
}

function PasswordHint({ password }: { password: string }) {
  const kinds = passwordCharacterKinds(password);
  return (
    <>
      At least {PASSWORD_MIN_LENGTH} characters. Letters, numbers and special characters are
      allowed.
      {kinds.length > 0 ? (
        <span className="mt-1 block font-medium text-foreground" data-testid="password-kinds">
          Contains {joinWithAnd(kinds)}.
        </span>
      ) : null}
    </>
  );
}

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
