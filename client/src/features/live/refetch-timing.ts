/** When a page rereads what live events made out of date; patches apply at once. */

export const COALESCE_MS = 100;

/**
 * How many of one group's open pages may start their refetches in a second, on average:
 * a result in a 1,000-member group would otherwise send thousands of requests in the same
 * instant. Each page waits a random share of `members / rate` seconds.
 */
export const REFETCH_PAGES_PER_SECOND = 100;
export const MAX_REFETCH_SPREAD_MS = 15_000;

export function refetchDelayMs(memberCount: number, random = Math.random()): number {
  const spread = Math.min(
    MAX_REFETCH_SPREAD_MS,
    (Math.max(0, memberCount) / REFETCH_PAGES_PER_SECOND) * 1000,
  );
  return COALESCE_MS + random * spread;
}
