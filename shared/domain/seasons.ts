import { lockStateOf, type GroupLockSettings, type PropLockInput } from './lock-state';
import { quotedTitles } from './title-list';

/**
 * Product rules §10 'Seasons': how a season's settings and its end are guarded. Scoring and
 * dropped rounds are the rules every member picked under, so they change only before the
 * season's first prop locks; a season is archived only once it has props and every one has
 * a result, so its standings, winners and champion are final.
 */

export const SETTINGS_FIXED_AFTER_FIRST_LOCK =
  "Scoring and dropped rounds can change only until the season's first prop locks.";

/** Whether the season's competition settings can still change: none of its props has locked. */
export function competitionSettingsOpen(
  seasonProps: readonly PropLockInput[],
  group: GroupLockSettings,
  now: Date,
): boolean {
  return seasonProps.every((prop) => !lockStateOf(prop, group, now).locked);
}

/** The season's props still without a result (neither decided nor void). */
export function propsBlockingNewSeason<T extends { result: string | null | undefined }>(
  seasonProps: readonly T[],
): T[] {
  return seasonProps.filter((prop) => prop.result === null || prop.result === undefined);
}

export const EMPTY_SEASON =
  'This season has no props yet, so there is nothing to archive. Play it before starting a new one.';

/** The refusal of a new season while props are without a result, naming them. */
export function newSeasonRefusal(openTitles: readonly string[]): string {
  const props = openTitles.length === 1 ? 'prop has' : 'props have';
  return (
    `${openTitles.length} ${props} no result yet (${quotedTitles(openTitles)}). ` +
    'Set their results or void them (N/A) before starting a new season.'
  );
}
