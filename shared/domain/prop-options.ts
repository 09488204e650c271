import { z } from 'zod';
import { VOID_RESULT } from './group-stats';

/**
 * Product rules §3: options arrive as plain strings or as items with value, label and odds;
 * both are stored and served in one shape.
 */
export interface PropOption {
  value: string;
  label: string;
  /** Free text such as '-110'; '' when none. */
  odds: string;
}

export const PROP_OPTIONS_MIN = 2;
export const PROP_OPTIONS_MAX = 5;
export const PROP_OPTION_MAX_LENGTH = 80;
export const PROP_ODDS_MAX_LENGTH = 16;

export const TOO_FEW_OPTIONS = 'Please provide at least 2 options';
export const TOO_MANY_OPTIONS = `A prop can have at most ${PROP_OPTIONS_MAX} options`;
export const DUPLICATE_OPTIONS = 'Each option must be different';
export const RESERVED_OPTION = `'${VOID_RESULT}' is reserved for voided props and cannot be an option`;
export const OPTION_TOO_LONG = `Options must be at most ${PROP_OPTION_MAX_LENGTH} characters`;
export const ODDS_TOO_LONG = `Odds must be at most ${PROP_ODDS_MAX_LENGTH} characters`;

/** Odds sometimes come as a number. */
export type RawPropOption =
  | string
  | {
      value?: string | number | null;
      label?: string | number | null;
      odds?: string | number | null;
    };

const clean = (text: string | number | null | undefined) =>
  text === null || text === undefined
    ? ''
    : String(text)
        .replace(/\p{Cc}/gu, ' ')
        .trim();

/** null when blank (an empty input row); an item missing its value or its label takes the other. */
export function normalizeOption(raw: RawPropOption): PropOption | null {
  if (typeof raw === 'string') {
    const text = clean(raw);
    return text ? { value: text, label: text, odds: '' } : null;
  }
  const value = clean(raw.value);
  const label = clean(raw.label);
  if (!value && !label) return null;
  return { value: value || label, label: label || value, odds: clean(raw.odds) };
}

export function normalizeOptions(raw: readonly RawPropOption[]): PropOption[] {
  return raw.map(normalizeOption).filter((option): option is PropOption => option !== null);
}

export function optionsProblemOf(options: readonly PropOption[]): string | null {
  if (options.length < PROP_OPTIONS_MIN) return TOO_FEW_OPTIONS;
  if (options.length > PROP_OPTIONS_MAX) return TOO_MANY_OPTIONS;
  if (options.some((option) => option.value.toUpperCase() === VOID_RESULT)) return RESERVED_OPTION;
  if (
    options.some(
      (option) =>
        option.value.length > PROP_OPTION_MAX_LENGTH ||
        option.label.length > PROP_OPTION_MAX_LENGTH,
    )
  ) {
    return OPTION_TOO_LONG;
  }
  if (options.some((option) => option.odds.length > PROP_ODDS_MAX_LENGTH)) return ODDS_TOO_LONG;
  // Picks and results are matched by value, so two options that read the same would be one.
  const values = new Set(options.map((option) => option.value.toLowerCase()));
  if (values.size !== options.length) return DUPLICATE_OPTIONS;
  return null;
}

const textOrNumber = z.union([z.string(), z.number()]).nullish();

const rawOptionSchema = z.union([
  z.string(),
  z.object({ value: textOrNumber, label: textOrNumber, odds: textOrNumber }),
]);

/** Blank rows dropped, then 2 to 5 distinct options; anything not a list reads as "no options". */
export const propOptionsSchema = z
  .array(rawOptionSchema, { error: TOO_FEW_OPTIONS })
  .max(50, { error: TOO_MANY_OPTIONS, abort: true })
  .transform((raw, context) => {
    const options = normalizeOptions(raw);
    const problem = optionsProblemOf(options);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    return options;
  });
