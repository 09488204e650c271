import { describe, expect, it } from 'vitest';
import { filterSportsOf } from '@client/lib/filter-sports';

describe('filterSportsOf', () => {
  it('offers only the sports the props have, catalogue sports first in catalogue order', () => {
    expect(
      filterSportsOf(
        [{ sport: 'Golf' }, { sport: 'NBA' }, { sport: 'darts' }, { sport: 'NFL' }],
        'all',
      ),
    ).toEqual(['NFL', 'NBA', 'darts', 'Golf']);
  });

  it('keeps the sport in the URL on offer, and counts spellings that differ by case once', () => {
    expect(filterSportsOf([{ sport: 'golf' }], 'Cricket')).toEqual(['Cricket', 'golf']);
    expect(filterSportsOf([{ sport: 'nfl' }, { sport: 'NFL' }], 'Nfl')).toEqual(['nfl']);
  });
});
