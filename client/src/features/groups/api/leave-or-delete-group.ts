import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsContract } from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { dropFromUserGroups } from './user-groups';
import { refreshUserGroups } from '@client/lib/query-keys';

/**
 * The home cards drop the group at once; the caller forgets its queries (forgetGroup) once
 * the group page has gone.
 */
export async function leaveGroup(groupId: number): Promise<void> {
  await callApi(groupsContract.leave, { body: { groupId } });
}

export async function deleteGroup(groupId: number): Promise<void> {
  await callApi(groupsContract.remove, { params: { id: groupId } });
}

function useOutOfGroupMutation(
  userId: number,
  groupId: number,
  request: (groupId: number) => Promise<void>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(groupId),
    onSuccess: () => {
      dropFromUserGroups(queryClient, userId, groupId);
      void refreshUserGroups(queryClient, userId);
    },
  });
}

export function useLeaveGroup(userId: number, groupId: number) {
  return useOutOfGroupMutation(userId, groupId, leaveGroup);
}

export function useDeleteGroup(userId: number, groupId: number) {
  return useOutOfGroupMutation(userId, groupId, deleteGroup);
}
