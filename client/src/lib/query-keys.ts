import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query key in one place, so a mutation in one feature invalidates another's without
 * importing it. Everything about a group sits under `groupQueryKey`.
 */
export const groupQueryKey = (groupId: number) => ['groups', groupId] as const;
export const auditQueryKey = (groupId: number) => [...groupQueryKey(groupId), 'audit'] as const;
export const scoresFeedQueryKey = ['admin', 'scores-feed'] as const;
export const gamesQueryKey = (sport: string, from: string, to: string) =>
  ['games', sport, from, to] as const;
export const groupPropsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'props'] as const;
export const activityQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'activity'] as const;
export const leaderboardQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'leaderboard'] as const;
export const memberStatsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'stats'] as const;
export const potQueryKey = (groupId: number) => [...groupQueryKey(groupId), 'pot'] as const;
/** Rounds, tiebreakers, seasons and the rank chart: read again whenever standings move. */
export const competitionQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'competition'] as const;
/** null: the current season. */
export const roundsQueryKey = (groupId: number, seasonId: number | null) =>
  [...competitionQueryKey(groupId), 'rounds', seasonId] as const;
export const seasonsQueryKey = (groupId: number) =>
  [...competitionQueryKey(groupId), 'seasons'] as const;
/** null: the current season. */
export const standingsHistoryQueryKey = (groupId: number, seasonId: number | null) =>
  [...competitionQueryKey(groupId), 'history', seasonId] as const;
export const tiebreakerQueryKey = (groupId: number, roundId: number) =>
  [...competitionQueryKey(groupId), 'tiebreaker', roundId] as const;
/** The viewer's own picks with their confidence and lock. */
export const myPicksQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'my-picks'] as const;
export const groupDetailsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'details'] as const;
export const groupDeletionQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'deleted'] as const;
export const groupMembersQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'members'] as const;
/** Names, never what. */
export const pickersQueryKey = (groupId: number, propId: number) =>
  [...groupQueryKey(groupId), 'pickers', propId] as const;
export const propPicksQueryKey = (groupId: number, propId: number) =>
  [...groupQueryKey(groupId), 'prop-picks', propId] as const;
export const conversationSummaryQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'conversation'] as const;
/** A prefix of propCommentsQueryKey. */
export const allPropCommentsQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'comments'] as const;
export const propCommentsQueryKey = (groupId: number, propId: number) =>
  [...allPropCommentsQueryKey(groupId), propId] as const;
export const threadQueryKey = (groupId: number) => [...groupQueryKey(groupId), 'thread'] as const;
export const unpickedQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'unpicked'] as const;
export const samplePropsPreviewQueryKey = (groupId: number) =>
  [...groupQueryKey(groupId), 'sample-props-preview'] as const;
export const userGroupsQueryKey = (userId: number) => ['users', userId, 'groups'] as const;
export const masterPropsQueryKey = ['master-props'] as const;
export const syncSourcesQueryKey = [...masterPropsQueryKey, 'sync-sources'] as const;
export const propsPreviewQueryKey = ['props-preview'] as const;
/** The app shell watches it for the first pick. */
export const savePickMutationKey = ['picks', 'save'] as const;

export function refreshUserGroups(queryClient: QueryClient, userId: number) {
  return queryClient.invalidateQueries({ queryKey: userGroupsQueryKey(userId) });
}

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
