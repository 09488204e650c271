import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from './get-public-config';

export const publicConfigQueryKey = ['config'] as const;

/** The server only reads its configuration at start-up. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, refetchOnMount: false });

/** null also while loading or after a failure: Donate is never worth an error message. */
export function useDonateUrl(): string | null {
  return useQuery(publicConfigQueryOptions()).data?.donateUrl ?? null;
}
