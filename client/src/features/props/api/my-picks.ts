import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { propsContract, type UserPrediction } from '@shared/contract/props';
import { callApi } from '@client/lib/api-client';
import { errorMessage } from '@client/lib/form-errors';
import { myPicksQueryKey } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';

export async function getMyPicks(groupId: number, userId: number): Promise<UserPrediction[]> {
  return callApi(propsContract.userPredictions, { params: { id: userId }, query: { groupId } });
}

export const myPicksQueryOptions = (groupId: number, userId: number) =>
  queryOptions({
    queryKey: myPicksQueryKey(groupId),
    queryFn: () => getMyPicks(groupId, userId),
  });

export function useMyPicks(groupId: number, userId: number) {
  return useQuery(myPicksQueryOptions(groupId, userId));
}

export type PickWeight = { confidence: number } | { isLock: boolean };

/**
 * Product rules §10 'Confidence and lock': a confidence another pick holds swaps the two
 * and a new lock moves the old one, so the viewer's picks are read again after each.
 */
export function useSetPickWeight(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pickId, weight }: { pickId: number; title: string; weight: PickWeight }) =>
      callApi(propsContract.updatePick, { params: { id: pickId }, body: weight }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myPicksQueryKey(groupId) }),
    onError: (error, { title }) => {
      toast({
        title: 'Failed to save pick',
        description: `"${title}": ${errorMessage(error)}`,
        variant: 'destructive',
      });
    },
  });
}
