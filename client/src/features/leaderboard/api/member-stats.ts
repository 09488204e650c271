import { queryOptions, useQuery } from '@tanstack/react-query';
import { propsContract, type MemberStats } from '@shared/contract/props';
import { callApi } from '@client/lib/api-client';
import { memberStatsQueryKey } from '@client/lib/query-keys';

export async function getMemberStats(groupId: number): Promise<MemberStats> {
  return callApi(propsContract.memberStats, { params: { id: groupId } });
}

export const memberStatsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: memberStatsQueryKey(groupId),
    queryFn: () => getMemberStats(groupId),
  });

export function useMemberStats(groupId: number) {
  return useQuery(memberStatsQueryOptions(groupId));
}
