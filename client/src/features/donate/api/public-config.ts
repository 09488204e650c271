import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from './get-public-config';

export const publicConfigQueryKey = ['config'] as const;

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
