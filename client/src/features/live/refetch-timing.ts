/**
 * When a page rereads what live events made out of date (decision 0017). Patches apply at
 * once; only the refetches wait. The bench (scripts/bench/live-streams.ts) drives its
 * thousand pages with these same numbers.
 */

/** Events landing together (a result and its activity line) make one refetch each. */
export const COALESCE_MS = 100;

/**
 * How many of one group's open pages may start their refetches in a second, on average:
 * a result in a 1,000-member group would otherwise send every page's stats, standings and
 * activity requests in the same instant, thousands of requests that no server answers
 * quickly. So each page waits a random share of `members / rate` seconds: a 10-member
 * group's pages refetch within 0.2 s, a 1,000-member group's over 10 s (the card's
 * result is patched at once; the standings follow).
 */
export const REFETCH_PAGES_PER_SECOND = 100;
/** The spread's ceiling, for the largest groups (official events). */
export const MAX_REFETCH_SPREAD_MS = 15_000;

export function refetchDelayMs(memberCount: number, random = Math.random()): number {
  const spread = Math.min(
    MAX_REFETCH_SPREAD_MS,
    (Math.max(0, memberCount) / REFETCH_PAGES_PER_SECOND) * 1000,
  );
  return COALESCE_MS + random * spread;
}
