import type { PublicConfig } from '@shared/contract/config';
import { callApi } from '@client/lib/api-client';

/** The public configuration's read, without TanStack Query (the landing's, decision 0030). */
export async function getPublicConfig(): Promise<PublicConfig> {
  // Asked for by the header on every page: zod is not part of the first paint (decision 0014).
  const { configContract } = await import('@shared/contract/config');
  return callApi(configContract.publicConfig);
}
