import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authContract, userEnvelopeSchema, type User } from '@shared/contract/auth';
import type { registerInputSchema } from '@shared/domain/account-rules';
import { apiRequest } from '@client/lib/api-client';
import { startSession } from './current-user';

export type RegisterValues = z.output<typeof registerInputSchema>;

export async function register(input: RegisterValues): Promise<User> {
  const answer = await apiRequest(authContract.register.method, authContract.register.path, input);
  return userEnvelopeSchema.parse(answer).user;
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
