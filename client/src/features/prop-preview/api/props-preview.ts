import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PreviewProp } from '@shared/contract/master-props';
import { callApi } from '@client/lib/api-client';
import { arrangePreview } from '../arrange-preview';
import { propsPreviewQueryKey } from '@client/lib/query-keys';

/** Product rules §9: the preview is read again every hour. */
export const PROPS_PREVIEW_REFETCH_MS = 3_600_000;

/** What a change to the master props (sync, a result) refreshes. */

export async function getPropsPreview(): Promise<PreviewProp[]> {
  // The landing asks for it after its first paint; zod comes with the contract (decision 0014).
  const { masterPropsContract } = await import('@shared/contract/master-props');
  return callApi(masterPropsContract.preview);
}

/**
 * A module-level function, so TanStack Query keeps its result until the data changes:
 * the tiles shuffle once per answer, not on every render.
 */
const arrangeRandomly = (props: PreviewProp[]) => arrangePreview(props, Math.random);

export const propsPreviewQueryOptions = () =>
  queryOptions({
    queryKey: propsPreviewQueryKey,
    queryFn: getPropsPreview,
    refetchInterval: PROPS_PREVIEW_REFETCH_MS,
    select: arrangeRandomly,
  });

/** Upcoming props from the master list, arranged for the preview (product rules §2). Open to all. */
export function usePropsPreview() {
  return useQuery(propsPreviewQueryOptions());
}
