import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  groupsContract,
  type GroupDetails,
  type updateGroupInputSchema,
} from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { cacheGroupDetails, groupDetailsQueryKey } from './group-details';
import { groupQueryKey, refreshUserGroups } from '@client/lib/query-keys';

export type UpdateGroupValues = Omit<z.input<typeof updateGroupInputSchema>, 'lockValue'> & {
  lockValue?: string | null;
};

export async function updateGroup(
  groupId: number,
  change: UpdateGroupValues,
): Promise<GroupDetails> {
  return callApi(groupsContract.update, { params: { id: groupId }, body: change });
}

/** Lock settings change whether every prop can be picked: everything under the group is read again. */
export function useUpdateGroup(userId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateGroupValues) => updateGroup(groupId, change),
    onSuccess: (group) => {
      cacheGroupDetails(queryClient, group);
      const detailsKey = groupDetailsQueryKey(groupId);
      void Promise.all([
        queryClient.invalidateQueries({
          queryKey: groupQueryKey(groupId),
          predicate: (query) => query.queryKey[2] !== detailsKey[2],
        }),
        refreshUserGroups(queryClient, userId),
      ]);
    },
  });
}
