import { isSerialId } from '@shared/contract/ids';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { groupsContract, type GroupDetails } from '@shared/contract/groups';
import { callApi } from '@client/lib/api-client';
import { groupDetailsQueryKey, groupQueryKey } from '@client/lib/query-keys';

/**
 * Everything read about one group lives under ['groups', id] (details, members, and the
 * props issue's queries), so one invalidation refreshes the whole group page.
 */
export { groupDetailsQueryKey };

export async function getGroupDetails(groupId: number): Promise<GroupDetails> {
  return callApi(groupsContract.details, { params: { id: groupId } });
}

export const groupDetailsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: groupDetailsQueryKey(groupId),
    queryFn: () => getGroupDetails(groupId),
    // Other members change the group (the leader locks it, marks payments): every visit
    // to the group page reads it afresh, showing the cached copy meanwhile.
    refetchOnMount: 'always',
  });

export function useGroupDetails(groupId: number) {
  return useQuery(groupDetailsQueryOptions(groupId));
}

/** A group id from the URL, or null when it cannot be one (so no request is made). */
export function parseGroupId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return isSerialId(id) ? id : null;
}

/** After create, join or a settings change: the answer already is the group page's data. */
export function cacheGroupDetails(queryClient: QueryClient, group: GroupDetails) {
  queryClient.setQueryData(groupDetailsQueryKey(group.id), group);
}

/**
 * After leaving or deleting: nothing of the group may linger in the cache. Call it once
 * the group page is gone, or its mounted queries would fetch again and get a 404.
 */
export function forgetGroup(queryClient: QueryClient, groupId: number) {
  void queryClient.cancelQueries({ queryKey: groupQueryKey(groupId) });
  queryClient.removeQueries({ queryKey: groupQueryKey(groupId) });
}
