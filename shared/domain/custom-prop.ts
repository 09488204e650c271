import { z } from 'zod';
import { GROUP_SPORTS } from '../sports';
import { propOptionsSchema, TOO_FEW_OPTIONS, TOO_MANY_OPTIONS } from './prop-options';

/** Product rules §5 'Custom prop': the client and the server validate with the same schema, so both give the same words. */

export const CUSTOM_PROP_SPORTS = ['NFL', 'NCAAF', 'Custom'] as const;
export type CustomPropSport = (typeof CUSTOM_PROP_SPORTS)[number];

export const PROP_TITLE_MAX_LENGTH = 100;
export const PROP_DESCRIPTION_MAX_LENGTH = 150;
export const CUSTOM_SPORT_MAX_LENGTH = 30;

export const MISSING_REQUIRED_FIELDS =
  'Please fill in all required fields including Game Lock Time';
export const CUSTOM_SPORT_REQUIRED = 'Please enter a custom sport name';
export const LOCK_TIME_PASSED =
  'Please select a future date and time for the lock. The selected time has already passed.';
export const DESCRIPTION_TOO_LONG = `Description must be at most ${PROP_DESCRIPTION_MAX_LENGTH} characters`;
export const TITLE_TOO_LONG = `Title must be at most ${PROP_TITLE_MAX_LENGTH} characters`;
export const CUSTOM_SPORT_TOO_LONG = `Custom sport name must be at most ${CUSTOM_SPORT_MAX_LENGTH} characters`;
export const INVALID_SPORT = 'Sport must be NFL, NCAAF or Custom';
export const INVALID_GAME_DATE = 'Game Lock Time must be a date and time';
/** A season is played week by week: a prop more than a year ahead belongs to no round yet. */
export const GAME_DATE_MAX_DAYS_AHEAD = 366;
export const GAME_DATE_TOO_FAR = 'Please select a lock time within a year from now.';

/** Product rules §5; other messages use 'Invalid prop'. */
export const CUSTOM_PROP_ERROR_TITLES: Readonly<Record<string, string>> = {
  [MISSING_REQUIRED_FIELDS]: 'Missing required fields',
  [CUSTOM_SPORT_REQUIRED]: 'Custom sport required',
  [TOO_FEW_OPTIONS]: 'Invalid options',
  [TOO_MANY_OPTIONS]: 'Invalid options',
  [LOCK_TIME_PASSED]: 'Invalid Lock Time',
};

export function customPropErrorTitleOf(message: string): string {
  return CUSTOM_PROP_ERROR_TITLES[message] ?? 'Invalid prop';
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Control characters removed; blank means "missing". */
const requiredText = (maxLength: number, tooLong: string, keepLineBreaks = false) =>
  z
    .string({ error: MISSING_REQUIRED_FIELDS })
    .transform((value) =>
      keepLineBreaks
        ? value.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n]/gu, '')
        : value.replace(/\p{Cc}/gu, ' '),
    )
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: MISSING_REQUIRED_FIELDS, abort: true })
        .max(maxLength, { error: tooLong }),
    );

const EARLIEST_GAME_DATE = Date.UTC(1970, 0, 1);

/** A Custom name that is a catalogue sport ('nba') is spelled like it, so it gets its badge and filter. */
export function storedSportOf(sport: CustomPropSport, customSport: string | null | undefined) {
  if (sport !== 'Custom') return sport;
  const name = (customSport ?? '').trim();
  return GROUP_SPORTS.find((known) => known.toLowerCase() === name.toLowerCase()) ?? name;
}

export function formSportOf(storedSport: string): {
  sport: CustomPropSport;
  customSport: string;
} {
  return storedSport === 'NFL' || storedSport === 'NCAAF'
    ? { sport: storedSport, customSport: '' }
    : { sport: 'Custom', customSport: storedSport };
}

/**
 * `now` is read when a value is checked, so one schema built at start-up judges "in the
 * future" at each request. Issues come in the spec's order: the lock time is judged last.
 */
export function buildCustomPropSchema(now: () => Date) {
  return z
    .preprocess(
      // Marked here, so the field itself says it is missing, not a check after every other one.
      (raw) =>
        typeof raw === 'object' && raw !== null && !Array.isArray(raw)
          ? {
              ...raw,
              customSport:
                (raw as { sport?: unknown }).sport === 'Custom'
                  ? ((raw as { customSport?: unknown }).customSport ?? '')
                  : null,
            }
          : raw,
      z.object({
        sport: z.enum(CUSTOM_PROP_SPORTS, {
          error: (issue) => (isBlank(issue.input) ? MISSING_REQUIRED_FIELDS : INVALID_SPORT),
        }),
        title: requiredText(PROP_TITLE_MAX_LENGTH, TITLE_TOO_LONG),
        description: requiredText(PROP_DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG, true),
        gameDate: z.iso
          .datetime({
            offset: true,
            error: (issue) => (isBlank(issue.input) ? MISSING_REQUIRED_FIELDS : INVALID_GAME_DATE),
          })
          .transform((value) => new Date(value))
          .refine((date) => date.getTime() >= EARLIEST_GAME_DATE, { error: INVALID_GAME_DATE }),
        customSport: z
          .string({ error: CUSTOM_SPORT_REQUIRED })
          .trim()
          .min(1, { error: CUSTOM_SPORT_REQUIRED, abort: true })
          .max(CUSTOM_SPORT_MAX_LENGTH, { error: CUSTOM_SPORT_TOO_LONG })
          .nullish(),
        options: propOptionsSchema,
      }),
    )
    .refine(
      (input) => {
        // Checked anyway: a wrongly typed value must never pass as "in the future".
        const gameDate: unknown = input.gameDate;
        return gameDate instanceof Date && gameDate.getTime() > now().getTime();
      },
      {
        path: ['gameDate'],
        error: LOCK_TIME_PASSED,
        when: (payload) => payload.issues.length === 0,
      },
    )
    .refine(
      (input) =>
        input.gameDate.getTime() <= now().getTime() + GAME_DATE_MAX_DAYS_AHEAD * 86_400_000,
      {
        path: ['gameDate'],
        error: GAME_DATE_TOO_FAR,
        when: (payload) => payload.issues.length === 0,
      },
    )
    .transform(({ customSport, ...input }) => ({
      ...input,
      sport: storedSportOf(input.sport, customSport),
    }));
}

export type CustomPropFormInput = z.input<ReturnType<typeof buildCustomPropSchema>>;
export type CustomPropFields = z.output<ReturnType<typeof buildCustomPropSchema>>;
