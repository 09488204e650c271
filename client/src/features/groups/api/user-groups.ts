import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UserGroupSummary } from '@shared/contract/users';
import { callApi } from '@client/lib/api-client';
import { userGroupsQueryKey } from '@client/lib/query-keys';

export async function getUserGroups(userId: number): Promise<UserGroupSummary[]> {
  // Not on the landing's first paint with zod (decision 0014): loaded when asked for.
  const { usersContract } = await import('@shared/contract/users');
  return callApi(usersContract.groups, { params: { id: userId } });
}

/** Product rules §2: newest first. Unreadable dates sort last rather than breaking the order. */
export function newestFirst(groups: readonly UserGroupSummary[]): UserGroupSummary[] {
  const time = (group: UserGroupSummary) => {
    const value = Date.parse(group.createdAt);
    return Number.isNaN(value) ? -Infinity : value;
  };
  return [...groups].sort((a, b) => time(b) - time(a));
}

export const userGroupsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userGroupsQueryKey(userId),
    queryFn: () => getUserGroups(userId),
    select: newestFirst,
    // Cards carry stats that change whenever anyone in the group picks or a result is
    // set. The original reloaded the page once per session for this; every visit to
    // home reads them afresh instead (the cached cards show meanwhile).
    refetchOnMount: 'always',
  });

export function useUserGroups(userId: number) {
  return useQuery(userGroupsQueryOptions(userId));
}

/** After joining, creating, leaving or changing a group: the home cards must follow. */
/** Takes a group off the cached home cards at once, so none shows that is gone. */
export function dropFromUserGroups(queryClient: QueryClient, userId: number, groupId: number) {
  queryClient.setQueryData<UserGroupSummary[]>(userGroupsQueryKey(userId), (groups) =>
    groups?.filter((group) => group.id !== groupId),
  );
}
