import type { QueryClient } from '@tanstack/react-query';

/**
 * Every server-state query key, in one place: a feature's queries use them, and a
 * mutation in another feature invalidates through them without importing that feature.
 * Everything about a group sits under `groupQueryKey`, so one invalidation refreshes the
 * whole group page.
 */
export const groupQueryKey = (groupId: number) => ['groups', groupId] as const;
export const groupPropsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'props'] as const;
export const activityQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'activity'] as const;
export const leaderboardQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'leaderboard'] as const;
export const memberStatsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'stats'] as const;
export const userGroupsQueryKey = (userId: number) => ['users', userId, 'groups'] as const;
export const masterPropsQueryKey = ['master-props'] as const;
export const propsPreviewQueryKey = ['props-preview'] as const;

/** The home cards (groups, records, open picks) of one user. */
export function refreshUserGroups(queryClient: QueryClient, userId: number) {
  return queryClient.invalidateQueries({ queryKey: userGroupsQueryKey(userId) });
}

/** What a change to a group's props or results moves: its lists, scores, feed and home card. */
export function refreshGroupScores(queryClient: QueryClient, groupId: number, userId: number) {
  return Promise.all([
    ...[
      groupPropsQueryKey(groupId),
      memberStatsQueryKey(groupId),
      leaderboardQueryKey(groupId),
      activityQueryKey(groupId),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    refreshUserGroups(queryClient, userId),
  ]);
}
