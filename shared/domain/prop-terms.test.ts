import { describe, expect, it } from 'vitest';
import { lineNumbersOf, propTermsChanged, type PropTerms } from './prop-terms';

const options = (...labels: string[]) => labels.map((label) => ({ value: label, label }));

const base: PropTerms = {
  title: 'Bills at Jets',
  description: 'Josh Allen passing yards over/under 250.5',
  options: options('Over', 'Under'),
};

describe('lineNumbersOf', () => {
  it.each([
    ['over/under 250.5', ['250.5']],
    ['Spread -3.5 or +7', ['-3.5', '7']],
    ['2+ touchdowns, 1,5 sacks', ['2', '1.5']],
    ['Who wins?', []],
  ])('%j states %j', (text, expected) => {
    expect(lineNumbersOf(text)).toEqual(expected);
  });
});

describe('propTermsChanged', () => {
  it.each<[string, Partial<PropTerms>]>([
    [
      'the line in the description moves',
      { description: 'Josh Allen passing yards over/under 280.5' },
    ],
    ['a number appears in the title', { title: 'Bills -3.5 at Jets' }],
    ['an option is renamed', { options: options('Over 280.5', 'Under 280.5') }],
    ['an option is added', { options: options('Over', 'Under', 'Exactly') }],
    ['an option is dropped', { options: options('Over') }],
    [
      'an option keeps its value but shows a new label',
      {
        options: [
          { value: 'Over', label: 'Over 280.5' },
          { value: 'Under', label: 'Under' },
        ],
      },
    ],
  ])('is true when %s', (_, change) => {
    expect(propTermsChanged(base, { ...base, ...change })).toBe(true);
  });

  it.each<[string, Partial<PropTerms>]>([
    ['nothing changes', {}],
    [
      'the wording changes around the same line',
      { description: 'Allen: passing yards, over or under 250.5?' },
    ],
    ['the title is reworded', { title: 'Buffalo at New York' }],
    ['the options are reordered', { options: options('Under', 'Over') }],
  ])('is false when %s', (_, change) => {
    expect(propTermsChanged(base, { ...base, ...change })).toBe(false);
  });
});
