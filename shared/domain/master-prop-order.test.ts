import { describe, expect, it } from 'vitest';
import { hasRealResult, sortMasterPropsForAdmin, tallyMasterProps } from './master-prop-order';

describe('hasRealResult', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['N/A', false],
    ['Over', true],
  ])('%s → %s', (result, expected) => {
    expect(hasRealResult(result)).toBe(expected);
  });
});

describe('sortMasterPropsForAdmin', () => {
  it('puts props without a real result first, each part by game date, ids settling ties', () => {
    const props = [
      { id: 1, result: 'Over', gameDate: '2025-09-07T17:00:00Z' },
      { id: 2, result: null, gameDate: '2025-09-14T17:00:00Z' },
      { id: 3, result: 'N/A', gameDate: '2025-09-08T00:20:00Z' },
      { id: 4, result: 'Under', gameDate: '2025-09-01T17:00:00Z' },
      { id: 5, result: null, gameDate: null },
      { id: 6, result: '', gameDate: '2025-09-07T17:00:00Z' },
      { id: 7, result: null, gameDate: '2025-09-07T17:00:00Z' },
    ];
    expect(sortMasterPropsForAdmin(props).map((prop) => prop.id)).toEqual([6, 7, 3, 2, 5, 4, 1]);
    // a copy: the input keeps its order
    expect(props.map((prop) => prop.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('accepts Date objects as well as ISO strings', () => {
    const props = [
      { id: 1, result: null, gameDate: new Date('2025-09-14T17:00:00Z') },
      { id: 2, result: null, gameDate: new Date('2025-09-07T17:00:00Z') },
    ];
    expect(sortMasterPropsForAdmin(props).map((prop) => prop.id)).toEqual([2, 1]);
  });
});

describe('tallyMasterProps', () => {
  it('counts the four admin tiles', () => {
    expect(
      tallyMasterProps([
        { result: 'Over' },
        { result: 'N/A' },
        { result: null },
        { result: '' },
        { result: 'Bills' },
      ]),
    ).toEqual({ total: 5, withResults: 2, voided: 1, noResult: 2 });
    expect(tallyMasterProps([])).toEqual({ total: 0, withResults: 0, voided: 0, noResult: 0 });
  });
});
