import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamesContract } from '@shared/contract/games';
import { callApi } from '@client/lib/api-client';
import { scoresFeedQueryKey } from '@client/lib/query-keys';

export const scoresFeedQueryOptions = () =>
  queryOptions({
    queryKey: scoresFeedQueryKey,
    queryFn: () => callApi(gamesContract.feedStatus, {}),
  });

export const useScoresFeed = () => useQuery(scoresFeedQueryOptions());

/** Queued on the job queue; the card is read again shortly after. */
export function usePollNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(gamesContract.pollNow, {}),
    onSuccess: () => {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: scoresFeedQueryKey });
      }, 3_000);
    },
  });
}
