import { describe, expect, it } from 'vitest';
import { resultChoicesOf, resultLabelOf } from './prop-labels';

const prop = {
  options: [
    { value: 'home', label: 'Home team', odds: '-110' },
    { value: 'away', label: 'Away team', odds: '' },
  ],
};

describe('result labels', () => {
  it("reads a result as its option's label, and N/A as a void", () => {
    expect(resultLabelOf(prop, 'away')).toBe('Away team');
    expect(resultLabelOf(prop, 'N/A')).toBe('N/A (void)');
    expect(resultLabelOf(prop, 'gone')).toBe('gone');
  });

  it("offers the prop's options and then N/A", () => {
    expect(resultChoicesOf(prop)).toEqual([
      { value: 'home', label: 'Home team' },
      { value: 'away', label: 'Away team' },
      { value: 'N/A', label: 'N/A (void)' },
    ]);
  });
});
