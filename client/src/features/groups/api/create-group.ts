import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  groupsContract,
  type createGroupInputSchema,
  type GroupDetails,
} from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { cacheGroupDetails } from './group-details';
import { refreshUserGroups } from '@client/lib/query-keys';

export type CreateGroupValues = z.output<typeof createGroupInputSchema>;

export async function createGroup(input: CreateGroupValues): Promise<GroupDetails> {
  return (await callApi(groupsContract.create, { body: input })).group;
}

export function useCreateGroup(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      cacheGroupDetails(queryClient, group);
      void refreshUserGroups(queryClient, userId);
    },
  });
}
