import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '@shared/contract/auth';
import {
  loginInputSchema,
  USERNAME_MAX_LENGTH,
  type LoginInput,
} from '@shared/domain/account-rules';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/lib/toast';
import { useLogin, type LoginValues } from '../api/login';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';

const FIELDS = ['username', 'password'] as const;

export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const loginMutation = useLogin();
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });
  const [username, password] = useWatch({ control: form.control, name: FIELDS });
  const hasBlankField = !username.trim() || !password.trim();
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const user = await loginMutation.mutateAsync(values);
        toast({ title: 'Login successful!', description: 'Welcome back' });
        onSignedIn(user);
      } catch (error) {
        reportRefusal(error, 'Login failed', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <Field label="Username" error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH * 4}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </Field>
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        disabled={hasBlankField}
        pending={loginMutation.isPending}
      >
        Login
      </Button>
    </form>
  );
}
