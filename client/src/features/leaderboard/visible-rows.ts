import type { LeaderboardEntry, MemberStats } from '@shared/contract/props';

/** Product rules §2 and §9. */
export const LEADERBOARD_PREVIEW_ROWS = 5;

/** At exactly 5 rows the toggle would reveal nothing (product rules §9). */
export function hasFullLeaderboardToggle(total: number): boolean {
  return total > LEADERBOARD_PREVIEW_ROWS;
}

/**
 * From the stats card (the same stored standing and position), so the card shows it without
 * loading the board down to it. Null for an official event's non-playing leader (position 0).
 */
export function viewerEntryOf(
  stats: MemberStats | undefined,
  viewer: { id: number; displayName: string },
): LeaderboardEntry | null {
  if (!stats || stats.position === 0) return null;
  return {
    user: viewer,
    wins: stats.wins,
    losses: stats.losses,
    pending: stats.pending,
    percentage: stats.winRate,
    position: stats.position,
  };
}

export function viewerRowBeyond(
  rows: readonly LeaderboardEntry[],
  viewerRow: LeaderboardEntry | null | undefined,
): LeaderboardEntry | null {
  if (!viewerRow) return null;
  return rows.some((entry) => entry.user.id === viewerRow.user.id) ? null : viewerRow;
}

/** Product rules §9. */
export function formatWinRate(percentage: number): string {
  return `${percentage.toFixed(1)}%`;
}

/**
 * Product rules §4 'Pick outcome' and §10: a member with no decided picks has no win rate
 * (a dash), so they share the place of those level with them on the keys before it.
 */
export const hasDecidedPicks = (entry: Pick<LeaderboardEntry, 'wins' | 'losses'>) =>
  entry.wins + entry.losses > 0;

export function tiesWithoutDecidedPicks(entries: readonly LeaderboardEntry[]): boolean {
  const decidedPlaces = new Set(entries.filter(hasDecidedPicks).map((entry) => entry.position));
  return entries.some((entry) => !hasDecidedPicks(entry) && decidedPlaces.has(entry.position));
}

export const NO_DECIDED_PICKS_NOTE =
  'Places go by points, weeks won and the tiebreaker, then win rate: members with no decided picks yet (–) have none, so they share the place of those level with them.';
