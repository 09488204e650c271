import { isSerialId } from '@shared/contract/ids';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { groupsContract, type GroupDetails } from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { groupDetailsQueryKey, groupQueryKey } from '@client/lib/query-keys';

/** Everything about one group lives under ['groups', id], so one invalidation refreshes the page. */
export { groupDetailsQueryKey };

export async function getGroupDetails(groupId: number): Promise<GroupDetails> {
  return callApi(groupsContract.details, { params: { id: groupId } });
}

export const groupDetailsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: groupDetailsQueryKey(groupId),
    queryFn: () => getGroupDetails(groupId),
  });

export function useGroupDetails(groupId: number) {
  return useQuery(groupDetailsQueryOptions(groupId));
}

/** null when it cannot be a group id (so no request is made). */
export function parseGroupId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return isSerialId(id) ? id : null;
}

export function cacheGroupDetails(queryClient: QueryClient, group: GroupDetails) {
  queryClient.setQueryData(groupDetailsQueryKey(group.id), group);
}

/** Call it once the group page is gone, or its mounted queries would fetch again and get a 404. */
export function forgetGroup(queryClient: QueryClient, groupId: number) {
  void queryClient.cancelQueries({ queryKey: groupQueryKey(groupId) });
  queryClient.removeQueries({ queryKey: groupQueryKey(groupId) });
}
