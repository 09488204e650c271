import { ALL_SPORTS } from '@shared/domain/prop-order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { propsContract, type Prop } from '@shared/contract/props';
import { callApi } from '@client/lib/api-client';
import { groupPropsQueryKey } from '@client/lib/query-keys';

const groupPropsListQueryKey = (groupId: number, sport: string) =>
  [...groupPropsQueryKey(groupId), sport] as const;

export async function getGroupProps(groupId: number, sport: string): Promise<Prop[]> {
  const query = sport === ALL_SPORTS ? {} : { sport };
  return callApi(propsContract.list, { params: { id: groupId }, query });
}

export const groupPropsQueryOptions = (groupId: number, sport: string) =>
  queryOptions({
    queryKey: groupPropsListQueryKey(groupId, sport),
    queryFn: () => getGroupProps(groupId, sport),
  });

export function useGroupProps(groupId: number, sport: string) {
  return useQuery(groupPropsQueryOptions(groupId, sport));
}
