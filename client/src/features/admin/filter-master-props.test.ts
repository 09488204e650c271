import { describe, expect, it } from 'vitest';
import { filterMasterProps } from './filter-master-props';

const props = [
  { id: 1, sport: 'NFL', title: 'Bills at Jets', description: 'Who wins?', result: null },
  {
    id: 2,
    sport: 'NFL',
    title: 'Chiefs at Raiders',
    description: 'Over or under?',
    result: 'Over',
  },
  { id: 3, sport: 'NCAAF', title: 'Oregon at Ohio State', description: 'Who WINS?', result: 'N/A' },
];
const ids = (list: readonly { id: number }[]) => list.map((prop) => prop.id);
const none = { search: '', sport: 'all', withResults: false };

describe('filterMasterProps', () => {
  it('keeps everything without filters', () => {
    expect(ids(filterMasterProps(props, none))).toEqual([1, 2, 3]);
  });

  it('searches title or description without regard to case, ignoring outer spaces', () => {
    expect(ids(filterMasterProps(props, { ...none, search: '  who wins ' }))).toEqual([1, 3]);
    expect(ids(filterMasterProps(props, { ...none, search: 'RAIDERS' }))).toEqual([2]);
    expect(ids(filterMasterProps(props, { ...none, search: 'golf' }))).toEqual([]);
  });

  it('filters by sport', () => {
    expect(ids(filterMasterProps(props, { ...none, sport: 'NCAAF' }))).toEqual([3]);
    expect(ids(filterMasterProps(props, { ...none, sport: 'nfl' }))).toEqual([1, 2]);
  });

  it('with results keeps real results only, as the tile counts them (N/A is not one)', () => {
    expect(ids(filterMasterProps(props, { ...none, withResults: true }))).toEqual([2]);
  });

  it('combines the filters', () => {
    expect(
      ids(filterMasterProps(props, { search: 'who', sport: 'NFL', withResults: false })),
    ).toEqual([1]);
  });
});
