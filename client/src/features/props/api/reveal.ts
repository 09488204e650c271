import { queryOptions, useQuery } from '@tanstack/react-query';
import { revealContract } from '@shared/contract/reveal';
import { callApi } from '@client/lib/api-client';
import { pickersQueryKey, propPicksQueryKey } from '@client/lib/query-keys';

/** Who has picked a prop and who has not (names only), read when the list is opened. */
export function usePickers(groupId: number, propId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: pickersQueryKey(groupId, propId),
      queryFn: () => callApi(revealContract.pickers, { params: { id: propId } }),
      enabled,
    }),
  );
}

/** Who picked what on a locked prop, read when the list is opened. */
export function usePropPicks(groupId: number, propId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: propPicksQueryKey(groupId, propId),
      queryFn: () => callApi(revealContract.picks, { params: { id: propId } }),
      enabled,
    }),
  );
}
