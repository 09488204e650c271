import { describe, expect, it } from 'vitest';
import { filterSportsOf } from '@client/lib/filter-sports';

describe('filterSportsOf', () => {
  it("offers the group's sports in catalogue order, then other sports props have", () => {
    expect(
      filterSportsOf(
        ['NCAAF', 'NFL', 'Crazy Props'],
        [{ sport: 'Golf' }, { sport: 'NBA' }, { sport: 'darts' }, { sport: 'NFL' }],
        'all',
      ),
    ).toEqual(['NFL', 'NBA', 'NCAAF', 'Crazy Props', 'darts', 'Golf']);
  });

  it('keeps the sport in the URL on offer, and counts spellings that differ by case once', () => {
    expect(filterSportsOf(['NFL'], [{ sport: 'golf' }], 'Cricket')).toEqual([
      'NFL',
      'Cricket',
      'golf',
    ]);
    expect(filterSportsOf(['NFL'], [{ sport: 'nfl' }], 'Nfl')).toEqual(['NFL']);
  });
});
