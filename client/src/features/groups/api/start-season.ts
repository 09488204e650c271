import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seasonsContract } from '@shared/contract/seasons';
import { callApi } from '@client/lib/api-client';
import { groupQueryKey, refreshUserGroups } from '@client/lib/query-keys';

/**
 * Product rules §10 'Seasons': the current season is archived and the next starts with the
 * same members and settings, so everything under the group is read again.
 */
export function useStartSeason(userId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      callApi(seasonsContract.create, { params: { id: groupId }, body: { name } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupQueryKey(groupId) }),
        refreshUserGroups(queryClient, userId),
      ]),
  });
}
