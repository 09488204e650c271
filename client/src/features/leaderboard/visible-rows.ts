import type { LeaderboardEntry, MemberStats } from '@shared/contract/props';

/** Product rules §2 and §9: the leaderboard shows this many rows until it is expanded. */
export const LEADERBOARD_PREVIEW_ROWS = 5;

/**
 * Whether the 'Full Leaderboard (N total)' toggle is offered: the spec offers it from 5
 * entries on, even though at exactly 5 it reveals nothing more.
 */
export function hasFullLeaderboardToggle(total: number): boolean {
  return total >= LEADERBOARD_PREVIEW_ROWS;
}

/**
 * The viewer's own row, from their stats card (the same stored standing and position as
 * the board), so the card can show it under the top rows without loading the board down
 * to it. Null for someone who leads an official event without playing in it (position 0).
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

/** The viewer's row when it is not already among `rows`, to show beneath them. */
export function viewerRowBeyond(
  rows: readonly LeaderboardEntry[],
  viewerRow: LeaderboardEntry | null | undefined,
): LeaderboardEntry | null {
  if (!viewerRow) return null;
  return rows.some((entry) => entry.user.id === viewerRow.user.id) ? null : viewerRow;
}

/** Product rules §9: a win rate as a percentage with one decimal. */
export function formatWinRate(percentage: number): string {
  return `${percentage.toFixed(1)}%`;
}
