import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UserGroupSummary } from '@shared/contract/users';
import { callApi } from '@client/lib/api-client';
import { userGroupsQueryKey } from '@client/lib/query-keys';

export async function getUserGroups(userId: number): Promise<UserGroupSummary[]> {
  const { usersContract } = await import('@shared/contract/users');
  return callApi(usersContract.groups, { params: { id: userId } });
}

/** Product rules §2: newest first; unreadable dates last. */
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
  });

export function useUserGroups(userId: number) {
  return useQuery(userGroupsQueryOptions(userId));
}

/** So no card shows that is gone. */
export function dropFromUserGroups(queryClient: QueryClient, userId: number, groupId: number) {
  queryClient.setQueryData<UserGroupSummary[]>(userGroupsQueryKey(userId), (groups) =>
    groups?.filter((group) => group.id !== groupId),
  );
}
