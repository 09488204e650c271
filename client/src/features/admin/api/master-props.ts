import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { masterPropsContract, type MasterProp } from '@shared/contract/master-props';
import { MASTER_PROP_SPORTS, type MasterPropSport } from '@shared/sports';
import { callApi } from '@client/lib/api-client';
import { masterPropsQueryKey, propsPreviewQueryKey } from '@client/lib/query-keys';

/**
 * Everything read from the master list starts with this segment: the admin list here and
 * the Import Props dialog's counts (product rules §7 'master-props total-count'), so one
 * invalidation refreshes both.
 */
const masterPropsListQueryKey = [...masterPropsQueryKey, 'list'] as const;

export async function getMasterProps(): Promise<MasterProp[]> {
  return callApi(masterPropsContract.list);
}

export const masterPropsQueryOptions = () =>
  queryOptions({
    queryKey: masterPropsListQueryKey,
    queryFn: getMasterProps,
    // Leaders import and the sheet changes while the panel is closed: read it on each visit.
    refetchOnMount: 'always',
  });

/** Product rules §6: admin only; the route mounts the panel for the admin alone. */
export function useMasterProps() {
  return useQuery(masterPropsQueryOptions());
}

/**
 * A master prop's result reaches every group that imported it, and a sync can change any
 * of them: the master list, the counts, the preview and every group's data are read again.
 */
function refreshAfterMasterChange(queryClient: QueryClient) {
  // Every group's data lives under ['groups', id] and the home cards under ['users', id]
  // (groups/api): their first segments cover all groups and users at once.
  return Promise.all(
    [masterPropsQueryKey, propsPreviewQueryKey, ['groups'], ['users']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * PATCH each copy of a merged card (product rules §3), one after the other so a failure stops
 * before the rest. An empty string clears the result (product rules §4: Reset).
 */
export async function setMasterResult(ids: readonly number[], result: string): Promise<void> {
  for (const id of ids) {
    await callApi(masterPropsContract.setResult, { params: { id }, body: { result } });
  }
}

export function useSetMasterResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, result }: { ids: readonly number[]; result: string }) =>
      setMasterResult(ids, result),
    onSettled: () => refreshAfterMasterChange(queryClient),
  });
}

export interface SyncCounts extends Record<MasterPropSport, number> {
  /** Members' picks reset because a line or options changed, over both sheets (decision 0020). */
  picksReset: number;
}

/** A sync that failed for one sport: which one, with the server's words. */
export class SyncError extends Error {
  override readonly name = 'SyncError';
  constructor(
    readonly sport: MasterPropSport,
    cause: unknown,
  ) {
    super(`${sport}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Product rules §7: one call per sheet, NFL then NCAAF. The stored props of a sport match its sheet. */
export async function syncMasterProps(): Promise<SyncCounts> {
  const counts: SyncCounts = { NFL: 0, NCAAF: 0, picksReset: 0 };
  for (const sport of MASTER_PROP_SPORTS) {
    try {
      const synced = await callApi(masterPropsContract.sync, { body: { sport } });
      counts[sport] = synced.count;
      counts.picksReset += synced.picksReset;
    } catch (error) {
      throw new SyncError(sport, error);
    }
  }
  return counts;
}

/** Product rules §7's sync toast text, and how many picks the line changes reset when any were. */
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
