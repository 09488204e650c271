/**
 * The reveal (decision 0017): before a prop locks nobody sees what anyone else picked,
 * only how many have picked; once it locks, everyone sees the split, and a pick few
 * others made is called out, and named in the activity when it comes in.
 */

/** How many members picked each option value (options nobody picked are absent or 0). */
export type PickSplit = Record<string, number>;

/** A pick is contrarian when at most this share of the prop's picks chose its option... */
export const CONTRARIAN_MAX_SHARE = 0.25;
/** ...and the prop had at least this many picks (one of two picks is not a bold call). */
export const CONTRARIAN_MIN_PICKS = 4;

export const totalPicksOf = (split: PickSplit) =>
  Object.values(split).reduce((sum, count) => sum + count, 0);

/** Whether picking `option` went against the crowd: a small share of enough picks. */
export function isContrarianOption(split: PickSplit, option: string): boolean {
  const count = split[option] ?? 0;
  const total = totalPicksOf(split);
  return count > 0 && total >= CONTRARIAN_MIN_PICKS && count <= total * CONTRARIAN_MAX_SHARE;
}

/**
 * The line under a locked card for the viewer whose pick few others made ("Only you and 2
 * others picked Under"); null when their pick was not contrarian.
 */
export function contrarianCallout(
  split: PickSplit,
  myOption: string | null | undefined,
  optionLabel: string,
): string | null {
  if (!myOption || !isContrarianOption(split, myOption)) return null;
  const others = (split[myOption] ?? 1) - 1;
  if (others === 0) return `Only you picked ${optionLabel}`;
  return `Only you and ${others} ${others === 1 ? 'other' : 'others'} picked ${optionLabel}`;
}

/** Each option's share of the picks, 0 to 1 (0 everywhere when nobody picked). */
export function pickShares(split: PickSplit, optionValues: readonly string[]): number[] {
  const total = totalPicksOf(split);
  return optionValues.map((value) => (total === 0 ? 0 : (split[value] ?? 0) / total));
}
