import { queryOptions, useQuery } from '@tanstack/react-query';
import { roundsContract } from '@shared/contract/rounds';
import { callApi } from '@client/lib/api-client';
import { standingsHistoryQueryKey } from '@client/lib/query-keys';

export const standingsHistoryQueryOptions = (groupId: number, seasonId: number | null) =>
  queryOptions({
    queryKey: standingsHistoryQueryKey(groupId, seasonId),
    queryFn: () =>
      callApi(roundsContract.standingsHistory, {
        params: { id: groupId },
        query: seasonId === null ? {} : { season: seasonId },
      }),
  });

export function useStandingsHistory(groupId: number, seasonId: number | null) {
  return useQuery(standingsHistoryQueryOptions(groupId, seasonId));
}
