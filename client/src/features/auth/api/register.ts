import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authContract, type User } from '@shared/contract/auth';
import type { registerInputSchema } from '@shared/domain/account-rules';
import { callApi } from '@client/lib/api-client';
import { startSession } from './current-user';

export type RegisterValues = z.output<typeof registerInputSchema>;

export async function register(input: RegisterValues): Promise<User> {
  return (await callApi(authContract.register, { body: input })).user;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      startSession(queryClient, user);
    },
  });
}
