import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { masterPropsContract, type ImportPropsInput } from '@shared/contract/master-props';
import type { MasterPropSport } from '@shared/sports';
import { callApi, isApiError } from '@client/lib/api-client';
import { masterPropsQueryKey, refreshGroupScores } from '@client/lib/query-keys';

export interface ImportableCountParams {
  groupId: number;
  sport: MasterPropSport;
  dateFrom: string | undefined;
  dateTo: string | undefined;
}

/** Under the master list's key, so a sync, a result or an import refreshes the count. */
const importableCountQueryKey = ({ groupId, sport, dateFrom, dateTo }: ImportableCountParams) =>
  [...masterPropsQueryKey, 'count', groupId, sport, dateFrom ?? '', dateTo ?? ''] as const;

/**
 * Product rules §7: 0 when it cannot be read (the dialog still works), except that an
 * ended session still ends it.
 */
export async function getImportableCount(params: ImportableCountParams): Promise<number> {
  try {
    return (await callApi(masterPropsContract.count, { query: params })).count;
  } catch (error) {
    if (isApiError(error, 401)) throw error;
    return 0;
  }
}

export const importableCountQueryOptions = (params: ImportableCountParams) =>
  queryOptions({
    queryKey: importableCountQueryKey(params),
    queryFn: () => getImportableCount(params),
  });

/** Product rules §2: asked only once a sport is chosen. */
export function useImportableCount(params: ImportableCountParams | null) {
  return useQuery({
    ...importableCountQueryOptions(
      params ?? { groupId: 0, sport: 'NFL', dateFrom: undefined, dateTo: undefined },
    ),
    enabled: params !== null,
  });
}

export async function importProps(body: ImportPropsInput) {
  return callApi(masterPropsContract.importProps, { body });
}

export function useImportProps(scope: { groupId: number; userId: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProps,
    onSuccess: () =>
      Promise.all([
        refreshGroupScores(queryClient, scope.groupId, scope.userId),
        queryClient.invalidateQueries({ queryKey: masterPropsQueryKey }),
      ]),
  });
}
