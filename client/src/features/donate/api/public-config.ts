import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/contract/config';
import { callApi } from '@client/lib/api-client';

export const publicConfigQueryKey = ['config'] as const;

export async function getPublicConfig(): Promise<PublicConfig> {
  // Asked for by the header on every page: zod is not part of the first paint (decision 0014).
  const { configContract } = await import('@shared/contract/config');
  return callApi(configContract.publicConfig);
}

/** Fetched once per page load: the server only reads its configuration at start-up. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig });

/**
 * The donation page, or null when none is configured. Also null while loading or when
 * the request failed: Donate is an extra, never worth an error message or a flash.
 */
export function useDonateUrl(): string | null {
  return useQuery(publicConfigQueryOptions()).data?.donateUrl ?? null;
}
