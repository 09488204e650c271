import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '@shared/contract/auth';
import { usersContract } from '@shared/contract/users';
import type { updateDisplayNameInputSchema } from '@shared/domain/account-rules';
import { callApi } from '@client/lib/api-client';
import { rememberUser } from './current-user';

export type UpdateDisplayNameValues = z.output<typeof updateDisplayNameInputSchema>;

export async function updateDisplayName(
  userId: number,
  input: UpdateDisplayNameValues,
): Promise<User> {
  return callApi(usersContract.update, { params: { id: userId }, body: input });
}

export function useUpdateDisplayName(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDisplayNameValues) => updateDisplayName(userId, input),
    onSuccess: (user) => {
      rememberUser(queryClient, user);
    },
  });
}
