import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { masterPropsContract, type MasterProp } from '@shared/contract/master-props';
import { MASTER_PROP_SPORTS, type MasterPropSport } from '@shared/sports';
import { callApi, isApiError } from '@client/lib/api-client';
import { errorMessage } from '@client/lib/form-errors';
import {
  masterPropsQueryKey,
  propsPreviewQueryKey,
  syncSourcesQueryKey,
} from '@client/lib/query-keys';

/** The admin list and the Import Props dialog's counts, so one invalidation refreshes both. */
const masterPropsListQueryKey = [...masterPropsQueryKey, 'list'] as const;

export async function getMasterProps(): Promise<MasterProp[]> {
  return callApi(masterPropsContract.list);
}

export const masterPropsQueryOptions = () =>
  queryOptions({
    queryKey: masterPropsListQueryKey,
    queryFn: getMasterProps,
  });

/** Product rules §6: the route mounts the panel for the admin alone. */
export function useMasterProps() {
  return useQuery(masterPropsQueryOptions());
}

/** A master prop's result reaches every group that imported it: all of them are read again. */
function refreshAfterMasterChange(queryClient: QueryClient) {
  return Promise.all(
    [masterPropsQueryKey, propsPreviewQueryKey, ['groups'], ['users']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * PATCH each copy of a merged card (product rules §3), one after the other so a failure
 * stops before the rest. An empty string clears the result (product rules §4: Reset).
 */
export async function setMasterResult(
  ids: readonly number[],
  result: string,
  reason: string | null = null,
): Promise<void> {
  for (const id of ids) {
    await callApi(masterPropsContract.setResult, { params: { id }, body: { result, reason } });
  }
}

export function useSetMasterResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      ids,
      result,
      reason = null,
    }: {
      ids: readonly number[];
      result: string;
      reason?: string | null;
    }) => setMasterResult(ids, result, reason),
    onSettled: () => refreshAfterMasterChange(queryClient),
  });
}

export function useReturnMasterToAutomatic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      for (const id of ids) await callApi(masterPropsContract.automatic, { params: { id } });
    },
    onSettled: () => refreshAfterMasterChange(queryClient),
  });
}

export interface SyncCounts extends Record<MasterPropSport, number> {
  /** Members' picks reset because a line or options changed, over both sheets. */
  picksReset: number;
}

export class SyncError extends Error {
  override readonly name = 'SyncError';
  constructor(
    readonly sport: MasterPropSport,
    cause: unknown,
  ) {
    super(`${sport}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export interface RemovalToConfirm {
  sport: MasterPropSport;
  message: string;
}

/**
 * Product rules §7: one call per sheet, NFL then NCAAF. A sheet that would remove master
 * props is refused (409) until the operator confirms with `removeMissing`: it is returned
 * to confirm while the other sports sync.
 */
export async function syncMasterProps({
  sports,
  removeMissing,
  counts = { NFL: 0, NCAAF: 0, picksReset: 0 },
}: {
  sports: readonly MasterPropSport[];
  removeMissing: boolean;
  counts?: SyncCounts;
}): Promise<{ counts: SyncCounts; toConfirm: RemovalToConfirm[] }> {
  const total = { ...counts };
  const toConfirm: RemovalToConfirm[] = [];
  for (const sport of MASTER_PROP_SPORTS.filter((candidate) => sports.includes(candidate))) {
    try {
      const synced = await callApi(masterPropsContract.sync, { body: { sport, removeMissing } });
      total[sport] = synced.count;
      total.picksReset += synced.picksReset;
    } catch (error) {
      if (!removeMissing && isApiError(error, 409)) {
        toConfirm.push({ sport, message: errorMessage(error) });
        continue;
      }
      throw new SyncError(sport, error);
    }
  }
  return { counts: total, toConfirm };
}

export function useSyncSources() {
  return useQuery({
    queryKey: syncSourcesQueryKey,
    queryFn: () => callApi(masterPropsContract.syncSources),
  });
}

/** Product rules §7's sync toast text. */
export function syncSummaryOf(counts: SyncCounts): string {
  const summary = `Synced ${counts.NFL} NFL props and ${counts.NCAAF} NCAAF props to match spreadsheet`;
  if (counts.picksReset === 0) return summary;
  const picks = counts.picksReset === 1 ? '1 pick was' : `${counts.picksReset} picks were`;
  return `${summary}. ${picks} reset because a line changed: those members pick again.`;
}

export function useSyncMasterProps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncMasterProps,
    // Also after a failure: NFL may have synced before NCAAF failed.
    onSettled: () => refreshAfterMasterChange(queryClient),
  });
}
