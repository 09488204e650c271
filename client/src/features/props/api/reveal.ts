import { queryOptions, useQuery } from '@tanstack/react-query';
import { revealContract } from '@shared/contract/reveal';
import { callApi } from '@client/lib/api-client';
import { pickersQueryKey, propPicksQueryKey } from '@client/lib/query-keys';

/** Names only; read when the list is opened. */
export function usePickers(groupId: number, propId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: pickersQueryKey(groupId, propId),
      queryFn: () => callApi(revealContract.pickers, { params: { id: propId } }),
      enabled,
    }),
  );
}

export function usePropPicks(groupId: number, propId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: propPicksQueryKey(groupId, propId),
      queryFn: () => callApi(revealContract.picks, { params: { id: propId } }),
      enabled,
    }),
  );
}
