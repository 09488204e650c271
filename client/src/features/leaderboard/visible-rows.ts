/** Spec §2 and §9: the leaderboard shows this many rows until it is expanded. */
export const LEADERBOARD_PREVIEW_ROWS = 5;

/**
 * The rows on show, and whether the 'Full Leaderboard (N total)' toggle is offered: the
 * spec offers it from 5 entries on, even though at exactly 5 it reveals nothing more.
 */
export function leaderboardRowsOf<T>(
  entries: readonly T[],
  expanded: boolean,
): { rows: readonly T[]; hasToggle: boolean } {
  return {
    rows: expanded ? entries : entries.slice(0, LEADERBOARD_PREVIEW_ROWS),
    hasToggle: entries.length >= LEADERBOARD_PREVIEW_ROWS,
  };
}

/** Spec §9: a win rate as a percentage with one decimal. */
export function formatWinRate(percentage: number): string {
  return `${percentage.toFixed(1)}%`;
}
