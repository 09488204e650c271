import type { PublicConfig } from '@shared/contract/config';
import { callApi } from '@client/lib/api-client';

/** Without TanStack Query: the landing uses it too. */
export async function getPublicConfig(): Promise<PublicConfig> {
  // zod is not part of the first paint.
  const { configContract } = await import('@shared/contract/config');
  return callApi(configContract.publicConfig);
}
