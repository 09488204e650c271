import { queryOptions, useQuery } from '@tanstack/react-query';
import { propsContract, type LeaderboardEntry } from '@shared/contract/props';
import { callApi } from '@client/lib/api-client';
import { leaderboardQueryKey } from '@client/lib/query-keys';

/** Every member, best first, with a position shared on ties (decision 0006). */
export async function getLeaderboard(groupId: number): Promise<LeaderboardEntry[]> {
  return callApi(propsContract.leaderboard, { params: { id: groupId } });
}

export const leaderboardQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: leaderboardQueryKey(groupId),
    queryFn: () => getLeaderboard(groupId),
    // Other members' picks and the leader's results move the board while the page is closed.
    refetchOnMount: 'always',
  });

export function useLeaderboard(groupId: number) {
  return useQuery(leaderboardQueryOptions(groupId));
}
