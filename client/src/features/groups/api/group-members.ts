import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupsContract, type GroupMember } from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { groupMembersQueryKey } from '@client/lib/query-keys';

export { groupMembersQueryKey };

export async function getGroupMembers(groupId: number): Promise<GroupMember[]> {
  return callApi(groupsContract.members, { params: { id: groupId } });
}

export const groupMembersQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: groupMembersQueryKey(groupId),
    queryFn: () => getGroupMembers(groupId),
  });

/** Product rules §2: the Payment Status dialog fetches only while open (`enabled`). */
export function useGroupMembers(groupId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...groupMembersQueryOptions(groupId), enabled });
}
