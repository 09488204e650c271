import type { PreviewProp } from '@shared/contract/master-props';
import { callApi } from '@client/lib/api-client';

/** Product rules §9. */
export const PROPS_PREVIEW_REFETCH_MS = 3_600_000;

/** Without TanStack Query: the landing uses it too. */
export async function getPropsPreview(): Promise<PreviewProp[]> {
  const { masterPropsContract } = await import('@shared/contract/master-props');
  return callApi(masterPropsContract.preview);
}
