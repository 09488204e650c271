import { describe, expect, it } from 'vitest';
import type { MasterProp } from '@shared/contract/master-props';
import { mergeMasterProps } from './merge-master-props';

let nextId = 1;
function masterProp(overrides: Partial<MasterProp>): MasterProp {
  const id = nextId++;
  return {
    id,
    sport: 'NFL',
    sourceKey: null,
    title: 'Bills at Jets',
    description: 'Who wins?',
    options: ['Bills', 'Jets'],
    gameDate: '2030-01-06T18:00:00.000Z',
    result: null,
    isImported: false,
    groups: [],
    updatedAt: '2030-01-01T00:00:00.000Z',
    link: null,
    ...overrides,
  };
}

describe('mergeMasterProps', () => {
  it('merges copies with the same sport, title and description (product rules §3)', () => {
    const first = masterProp({ groups: [{ id: 7, name: 'Sunday Squad' }] });
    const second = masterProp({
      gameDate: '2030-01-05T18:00:00.000Z',
      result: 'Jets',
      isImported: true,
      groups: [
        { id: 7, name: 'Sunday Squad' },
        { id: 9, name: 'Office Pool' },
      ],
    });
    const third = masterProp({ result: 'Bills' });
    const [merged, ...rest] = mergeMasterProps([first, second, third]);
    expect(rest).toEqual([]);
    expect(merged).toMatchObject({
      id: first.id,
      allIds: [first.id, second.id, third.id],
      // The first non-empty result, in list order.
      result: 'Jets',
      isImported: true,
      groupIds: [7, 9],
      groupNames: ['Sunday Squad', 'Office Pool'],
      // The earliest game of the copies.
      gameDate: '2030-01-05T18:00:00.000Z',
    });
  });

  it('keeps props apart when the sport, title or description differs', () => {
    const props = [
      masterProp({}),
      masterProp({ sport: 'NCAAF' }),
      masterProp({ title: 'Jets at Bills' }),
      masterProp({ description: 'Who wins? ' }),
    ];
    expect(mergeMasterProps(props)).toHaveLength(4);
  });

  it('reads an empty result as none', () => {
    const [merged] = mergeMasterProps([masterProp({ result: '' }), masterProp({ result: 'N/A' })]);
    expect(merged?.result).toBe('N/A');
  });

  it('sorts as the admin sort says: no real result first, then by game date', () => {
    const decided = masterProp({ title: 'A', result: 'Bills', gameDate: '2030-01-01T00:00:00Z' });
    const late = masterProp({ title: 'B', gameDate: '2030-02-01T00:00:00Z' });
    const voided = masterProp({ title: 'C', result: 'N/A', gameDate: '2030-01-15T00:00:00Z' });
    const undated = masterProp({ title: 'D', gameDate: null });
    expect(mergeMasterProps([decided, late, voided, undated]).map((prop) => prop.title)).toEqual([
      'C',
      'B',
      'D',
      'A',
    ]);
  });
});
