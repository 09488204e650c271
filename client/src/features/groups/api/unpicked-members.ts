import { useQuery } from '@tanstack/react-query';
import { revealContract } from '@shared/contract/reveal';
import { callApi } from '@client/lib/api-client';
import { unpickedQueryKey } from '@client/lib/query-keys';

export function useUnpickedMembers(groupId: number) {
  return useQuery({
    queryKey: unpickedQueryKey(groupId),
    queryFn: () => callApi(revealContract.unpicked, { params: { id: groupId } }),
  });
}
