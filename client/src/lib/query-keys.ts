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
export const groupDetailsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'details'] as const;
export const groupMembersQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'members'] as const;
/** Who has picked one prop (names, never what). */
export const pickersQueryKey = (groupId: number, propId: number) =>
  [...groupQueryKey(groupId), 'pickers', propId] as const;
/** Who picked what on one locked prop. */
export const propPicksQueryKey = (groupId: number, propId: number) =>
  [...groupQueryKey(groupId), 'prop-picks', propId] as const;
/** The leader's list of members with open props unpicked. */
export const unpickedQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'unpicked'] as const;
/** What Generate Props would add per sport (the leader's confirm). */
export const samplePropsPreviewQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'sample-props-preview'] as const;
export const userGroupsQueryKey = (userId: number) => ['users', userId, 'groups'] as const;
export const masterPropsQueryKey = ['master-props'] as const;
export const propsPreviewQueryKey = ['props-preview'] as const;
/** Every pick save's mutation key starts with it: the app shell watches it for the first pick. */
export const savePickMutationKey = ['picks', 'save'] as const;

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
