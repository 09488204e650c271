import { queryOptions, useQuery } from '@tanstack/react-query';
import { arrangeForThisVisit } from '../arrange-preview';
import { getPropsPreview, PROPS_PREVIEW_REFETCH_MS } from './get-props-preview';
import { propsPreviewQueryKey } from '@client/lib/query-keys';

export const propsPreviewQueryOptions = () =>
  queryOptions({
    queryKey: propsPreviewQueryKey,
    queryFn: getPropsPreview,
    refetchInterval: PROPS_PREVIEW_REFETCH_MS,
    // A module-level function, so TanStack Query keeps its result; the shuffle is the
    // visit's, so the order is the one the landing showed.
    select: arrangeForThisVisit,
  });

/** Product rules §2. Open to all. */
export function usePropsPreview() {
  return useQuery(propsPreviewQueryOptions());
}
