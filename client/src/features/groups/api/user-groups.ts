import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContract, type UserGroupSummary } from '@shared/contract/users';
import { apiRequest, pathFor } from '@client/lib/api-client';

export const userGroupsQueryKey = (userId: number) => ['users', userId, 'groups'] as const;

export async function getUserGroups(userId: number): Promise<UserGroupSummary[]> {
  const { method, path, response } = usersContract.groups;
  return response.parse(await apiRequest(method, pathFor(path, { id: userId })));
}

/** Spec §2: newest first. Unreadable dates sort last rather than breaking the order. */
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
