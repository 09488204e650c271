import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersContract } from '@shared/contract/users';
import { callApi } from '@client/lib/api-client';
import { endSession } from './current-user';

export async function deleteAccount(userId: number): Promise<void> {
  await callApi(usersContract.remove, { params: { id: userId } });
}

export function useDeleteAccount(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAccount(userId),
    onSuccess: () => {
      endSession(queryClient);
    },
  });
}
