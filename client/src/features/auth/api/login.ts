import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authContract, type User } from '@shared/contract/auth';
import type { loginInputSchema } from '@shared/domain/account-rules';
import { callApi } from '@client/lib/api-client';
import { startSession } from './current-user';

export type LoginValues = z.output<typeof loginInputSchema>;

export async function login(input: LoginValues): Promise<User> {
  return (await callApi(authContract.login, { body: input })).user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      startSession(queryClient, user);
    },
  });
}
