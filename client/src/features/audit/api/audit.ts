import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditContract } from '@shared/contract/audit';
import { callApi } from '@client/lib/api-client';
import { auditQueryKey } from '@client/lib/query-keys';

export const auditQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: auditQueryKey(groupId),
    queryFn: () => callApi(auditContract.list, { params: { id: groupId } }),
  });

export const useAudit = (groupId: number, enabled: boolean) =>
  useQuery({ ...auditQueryOptions(groupId), enabled });
