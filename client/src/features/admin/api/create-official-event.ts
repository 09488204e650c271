import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { groupsContract, type createOfficialEventInputSchema } from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { refreshUserGroups } from '@client/lib/query-keys';

export type CreateOfficialEventValues = z.output<typeof createOfficialEventInputSchema>;

export async function createOfficialEvent(values: CreateOfficialEventValues) {
  return (await callApi(groupsContract.createOfficial, { body: values })).group;
}

export function useCreateOfficialEvent(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOfficialEvent,
    onSuccess: () => refreshUserGroups(queryClient, userId),
  });
}
