/**
 * Product rules §4 'Reveal': before a prop locks only how many have picked; once it locks the
 * split, and a pick few others made is called out.
 */

import {
  lockStateOf,
  propsReopenedBy,
  type GroupLockSettings,
  type PropLockInput,
} from './lock-state';
import { quotedTitles } from './title-list';

export type PickSplit = Record<string, number>;

/** Contrarian: at most this share of the prop's picks chose the option... */
export const CONTRARIAN_MAX_SHARE = 0.25;
/** ...of at least this many picks (one of two picks is not a bold call). */
export const CONTRARIAN_MIN_PICKS = 4;

export const totalPicksOf = (split: PickSplit) =>
  Object.values(split).reduce((sum, count) => sum + count, 0);

export function isContrarianOption(split: PickSplit, option: string): boolean {
  const count = split[option] ?? 0;
  const total = totalPicksOf(split);
  return count > 0 && total >= CONTRARIAN_MIN_PICKS && count <= total * CONTRARIAN_MAX_SHARE;
}

/** "Only you and 2 others picked Under"; null when the pick was not contrarian. */
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

export function pickShares(split: PickSplit, optionValues: readonly string[]): number[] {
  const total = totalPicksOf(split);
  return optionValues.map((value) => (total === 0 ? 0 : (split[value] ?? 0) / total));
}

/**
 * Once a prop has locked everyone has seen who picked what, so a prop holding picks never
 * opens again; one that must take new picks is voided and created again.
 */
export interface RevealInput extends PropLockInput {
  pickCount: number;
}

export function revealedPropsReopenedBy<T extends RevealInput>(
  props: readonly T[],
  before: GroupLockSettings,
  after: GroupLockSettings,
  now: Date,
): T[] {
  return propsReopenedBy(props, before, after, now).filter((prop) => prop.pickCount > 0);
}

export function resultRemovalReopensPicks(
  prop: RevealInput,
  group: GroupLockSettings,
  now: Date,
): boolean {
  return (
    prop.result != null &&
    prop.pickCount > 0 &&
    !lockStateOf({ ...prop, result: null }, group, now).locked
  );
}

export function revealedReopenRefusal(titles: readonly string[]): string {
  const props = titles.length === 1 ? 'prop' : 'props';
  return (
    `Everyone has seen the picks on ${titles.length} locked ${props} (${quotedTitles(titles)}), ` +
    'so they cannot open again. To take new picks on one, void it (N/A) and create it again.'
  );
}

export const RESULT_REMOVAL_REOPENS =
  'Everyone has seen the picks on this prop, so it cannot open again. Set the right result, ' +
  'or void it (N/A) and create it again to take new picks.';
