import { describe, expect, it } from 'vitest';
import { contrarianCallout, isContrarianOption, pickShares, totalPicksOf } from './reveal';

describe('the reveal rules', () => {
  it('calls an option contrarian at 25 % or less of at least four picks', () => {
    expect(isContrarianOption({ Over: 3, Under: 1 }, 'Under')).toBe(true);
    expect(isContrarianOption({ Over: 6, Under: 2 }, 'Under')).toBe(true);
    expect(isContrarianOption({ Over: 5, Under: 2 }, 'Under')).toBe(false); // 28.6 %
    expect(isContrarianOption({ Over: 2, Under: 1 }, 'Under')).toBe(false); // 3 picks
    expect(isContrarianOption({ Over: 4 }, 'Under')).toBe(false); // nobody picked it
    expect(isContrarianOption({ Over: 3, Under: 1 }, 'Over')).toBe(false);
  });

  it('words the callout for the viewer, or says nothing', () => {
    expect(contrarianCallout({ Over: 9, Under: 3 }, 'Under', 'Under 44.5')).toBe(
      'Only you and 2 others picked Under 44.5',
    );
    expect(contrarianCallout({ Over: 6, Under: 2 }, 'Under', 'Under')).toBe(
      'Only you and 1 other picked Under',
    );
    expect(contrarianCallout({ Over: 5, Under: 1 }, 'Under', 'Under')).toBe(
      'Only you picked Under',
    );
    expect(contrarianCallout({ Over: 5, Under: 1 }, 'Over', 'Over')).toBeNull();
    expect(contrarianCallout({ Over: 5, Under: 1 }, null, 'Under')).toBeNull();
  });

  it('gives shares in option order', () => {
    expect(totalPicksOf({ A: 1, B: 3 })).toBe(4);
    expect(pickShares({ A: 1, B: 3 }, ['A', 'B', 'C'])).toEqual([0.25, 0.75, 0]);
    expect(pickShares({}, ['A', 'B'])).toEqual([0, 0]);
  });
});
