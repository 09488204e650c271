import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { potContract, type Pot, type UpdatePotInput } from '@shared/contract/pot';
import { callApi } from '@client/lib/api-client';
import { potQueryKey } from '@client/lib/query-keys';

export async function getPot(groupId: number): Promise<Pot> {
  return callApi(potContract.pot, { params: { id: groupId } });
}

export async function updatePot(groupId: number, change: UpdatePotInput): Promise<Pot> {
  return callApi(potContract.updatePot, { params: { id: groupId }, body: change });
}

export const potQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: potQueryKey(groupId), queryFn: () => getPot(groupId) });

export function usePot(groupId: number) {
  return useQuery(potQueryOptions(groupId));
}

/** The answer is the pot as it now stands. */
export function useUpdatePot(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdatePotInput) => updatePot(groupId, change),
    onSuccess: (pot) => {
      queryClient.setQueryData(potQueryKey(groupId), pot);
    },
  });
}
