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

/**
 * `enabled: false` keeps it from fetching at all, e.g. the Payment Status dialog fetches
 * only while open (product rules §2); each opening reads the list afresh.
 */
export function useGroupMembers(groupId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...groupMembersQueryOptions(groupId), enabled, refetchOnMount: 'always' });
}
