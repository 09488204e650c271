import type { PreviewProp } from '@shared/contract/master-props';
import { callApi } from '@client/lib/api-client';

/** Product rules §9: the preview is read again every hour. */
export const PROPS_PREVIEW_REFETCH_MS = 3_600_000;

/**
 * The preview's read, without TanStack Query: the landing asks for it with its own small
 * read (decision 0030), the app through props-preview.ts.
 */
export async function getPropsPreview(): Promise<PreviewProp[]> {
  // The landing asks for it after its first paint; zod comes with the contract (decision 0014).
  const { masterPropsContract } = await import('@shared/contract/master-props');
  return callApi(masterPropsContract.preview);
}
