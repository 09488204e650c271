import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_OPTIONS,
  ODDS_TOO_LONG,
  OPTION_TOO_LONG,
  RESERVED_OPTION,
  TOO_FEW_OPTIONS,
  TOO_MANY_OPTIONS,
  normalizeOption,
  normalizeOptions,
  optionsProblemOf,
  propOptionsSchema,
  type PropOption,
  type RawPropOption,
} from './prop-options';

const option = (value: string, label = value, odds = ''): PropOption => ({ value, label, odds });

describe('normalizeOption', () => {
  const cases: [string, RawPropOption, PropOption | null][] = [
    ['a string is its own value and label', 'Yes', option('Yes')],
    ['a string is trimmed', '  Over 44.5 ', option('Over 44.5')],
    ['a blank string is no option', '   ', null],
    ['an empty string is no option', '', null],
    [
      'a full item is kept',
      { value: 'over', label: 'Over 44.5', odds: '-110' },
      option('over', 'Over 44.5', '-110'),
    ],
    ['an item without a label shows its value', { value: 'home' }, option('home')],
    ['an item without a value picks by its label', { label: 'Away' }, option('Away')],
    ['numeric odds become text', { value: 'yes', odds: -110 }, option('yes', 'yes', '-110')],
    ['null odds become empty', { value: 'yes', odds: null }, option('yes')],
    ['a numeric value becomes text', { value: 3, label: '3 or more' }, option('3', '3 or more')],
    ['an item with blank value and label is no option', { value: ' ', label: '' }, null],
    ['control characters become spaces', 'Yes\u0007no', option('Yes no')],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(normalizeOption(raw)).toEqual(expected);
  });
});

describe('normalizeOptions', () => {
  it('accepts both shapes in one list, drops blank rows and keeps the order', () => {
    expect(normalizeOptions(['Yes', ' ', { value: 'no', label: 'No', odds: '+120' }])).toEqual([
      option('Yes'),
      option('no', 'No', '+120'),
    ]);
  });
});

describe('optionsProblemOf', () => {
  const cases: [string, PropOption[], string | null][] = [
    ['none', [], TOO_FEW_OPTIONS],
    ['one', [option('A')], TOO_FEW_OPTIONS],
    ['two', [option('A'), option('B')], null],
    ['five', ['A', 'B', 'C', 'D', 'E'].map((value) => option(value)), null],
    ['six', ['A', 'B', 'C', 'D', 'E', 'F'].map((value) => option(value)), TOO_MANY_OPTIONS],
    ["'N/A' as a value", [option('A'), option('N/A')], RESERVED_OPTION],
    ["'n/a' in lower case", [option('A'), option('n/a')], RESERVED_OPTION],
    ['duplicate values', [option('Yes'), option('Yes')], DUPLICATE_OPTIONS],
    ['values equal but for case', [option('Yes'), option('yes', 'Yes!')], DUPLICATE_OPTIONS],
    ['a value too long', [option('A'), option('B'.repeat(81))], OPTION_TOO_LONG],
    ['a label too long', [option('A'), option('b', 'B'.repeat(81))], OPTION_TOO_LONG],
    ['odds too long', [option('A'), option('B', 'B', '1'.repeat(17))], ODDS_TOO_LONG],
    ['longest allowed', [option('A'.repeat(80), 'A', '1'.repeat(16)), option('B')], null],
  ];
  it.each(cases)('%s', (_name, options, expected) => {
    expect(optionsProblemOf(options)).toBe(expected);
  });
});

describe('propOptionsSchema', () => {
  const firstMessage = (input: unknown) => {
    const parsed = propOptionsSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('turns either shape into the stored shape', () => {
    expect(propOptionsSchema.parse(['Yes', { value: 'no', label: 'No', odds: 150 }, ''])).toEqual([
      option('Yes'),
      option('no', 'No', '150'),
    ]);
  });

  it.each([
    ['missing', undefined, TOO_FEW_OPTIONS],
    ['not a list', 'Yes,No', TOO_FEW_OPTIONS],
    ['two blank rows and one real', ['A', ' ', ''], TOO_FEW_OPTIONS],
    ['six', ['A', 'B', 'C', 'D', 'E', 'F'], TOO_MANY_OPTIONS],
    ['a huge list', Array.from({ length: 60 }, (_, index) => `O${index}`), TOO_MANY_OPTIONS],
    ['duplicates', ['A', 'A'], DUPLICATE_OPTIONS],
  ])('refuses %s', (_name, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });
});
