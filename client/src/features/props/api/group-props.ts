import { ALL_SPORTS } from '@shared/domain/prop-order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { propsContract, type Prop } from '@shared/contract/props';
import { readAfreshOnMount } from '@client/lib/query-client';
import { callApi } from '@client/lib/api-client';
import { groupPropsQueryKey } from '@client/lib/query-keys';

const groupPropsListQueryKey = (groupId: number, sport: string) =>
  [...groupPropsQueryKey(groupId), sport] as const;

export async function getGroupProps(groupId: number, sport: string): Promise<Prop[]> {
  // The unfiltered list is asked for without a sport (the server reads ALL_SPORTS the same).
  const query = sport === ALL_SPORTS ? {} : { sport };
  return callApi(propsContract.list, { params: { id: groupId }, query });
}

export const groupPropsQueryOptions = (groupId: number, sport: string) =>
  queryOptions({
    queryKey: groupPropsListQueryKey(groupId, sport),
    queryFn: () => getGroupProps(groupId, sport),
    // Others pick and the leader sets results while this page is closed: each visit reads
    // the props afresh (the cached list shows meanwhile).
    refetchOnMount: readAfreshOnMount,
  });

/** The group's props for one sport (or ALL_SPORTS), with the viewer's own pick on each. */
export function useGroupProps(groupId: number, sport: string) {
  return useQuery(groupPropsQueryOptions(groupId, sport));
}
