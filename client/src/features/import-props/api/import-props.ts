import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { masterPropsContract, type ImportPropsInput } from '@shared/contract/master-props';
import type { MasterPropSport } from '@shared/sports';
import { callApi, isApiError } from '@client/lib/api-client';
import { masterPropsQueryKey, refreshGroupScores } from '@client/lib/query-keys';

export interface ImportableCountParams {
  groupId: number;
  sport: MasterPropSport;
  /** 'YYYY-MM-DD', or undefined while the calendar has no such end. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
}

/**
 * Under the master list's key, so a sync, a result or an import refreshes the count
 * along with the list (product rules §7 'master-props total-count').
 */
const importableCountQueryKey = ({ groupId, sport, dateFrom, dateTo }: ImportableCountParams) =>
  [...masterPropsQueryKey, 'count', groupId, sport, dateFrom ?? '', dateTo ?? ''] as const;

/**
 * How many master props of the sport in the range the group has not imported yet. Spec
 * §7: 0 when it cannot be read (the dialog still works), except that an ended session
 * still ends it.
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
    // The sheet may have been synced since the dialog was last open.
    refetchOnMount: 'always',
  });

/** Product rules §2: asked only once a sport is chosen (params null until then). */
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

/** New props change the group's list, stats, leaderboard, activity and home card. */
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
