import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContract } from '@shared/contract/auth';
import { callApi, isApiError } from '@client/lib/api-client';
import { endSession } from './current-user';

export async function logout(): Promise<void> {
  try {
    await callApi(authContract.logout);
  } catch (error) {
    // An expired session is already the outcome the user asked for.
    if (!isApiError(error, 401)) throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      endSession(queryClient);
    },
  });
}
