import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authContract, userEnvelopeSchema, type User } from '@shared/contract/auth';
import type { loginInputSchema } from '@shared/domain/account-rules';
import { apiRequest } from '@client/lib/api-client';
import { startSession } from './current-user';

export type LoginValues = z.output<typeof loginInputSchema>;

export async function login(input: LoginValues): Promise<User> {
  const answer = await apiRequest(authContract.login.method, authContract.login.path, input);
  return userEnvelopeSchema.parse(answer).user;
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
