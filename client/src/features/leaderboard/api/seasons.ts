import { queryOptions, useQuery } from '@tanstack/react-query';
import { seasonsContract } from '@shared/contract/seasons';
import { callApi } from '@client/lib/api-client';
import { seasonsQueryKey } from '@client/lib/query-keys';

/** The group's seasons, oldest first, the archived ones with their champions. */
export const seasonsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: seasonsQueryKey(groupId),
    queryFn: () => callApi(seasonsContract.list, { params: { id: groupId } }),
  });

export function useSeasons(groupId: number) {
  return useQuery(seasonsQueryOptions(groupId));
}
