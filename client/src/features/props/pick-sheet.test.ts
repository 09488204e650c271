import { describe, expect, it } from 'vitest';
import type { Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { testProp } from '@client/test/prop-fixture';
import {
  defaultSheetView,
  sectionsOf,
  sheetCountsOf,
  sheetOrderOf,
  sheetViewOf,
  stableOrderOf,
} from './pick-sheet';

const now = new Date('2026-01-10T12:00:00Z');
const game: GroupLockSettings = { lockType: 'game', lockValue: null, isLocked: false };

/** An open prop of a game at 18:00 on the test's day, with options 'a' and 'b'. */
function prop(id: number, overrides: Partial<Prop> = {}): Prop {
  return testProp({
    id,
    groupId: 1,
    category: 'Custom',
    description: `Question ${id}`,
    options: [
      { value: 'a', label: 'A', odds: '' },
      { value: 'b', label: 'B', odds: '' },
    ],
    gameDate: '2026-01-10T18:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    lock: { locked: false, reason: 'locks_at', at: '2026-01-10T18:00:00.000Z' },
    ...overrides,
  });
}
const picked = { id: 9, selectedOption: 'a', isCorrect: null };

describe('the pick sheet', () => {
  it('sorts props into To pick, Locked and Settled, counting the open ones without a pick', () => {
    const props = [
      prop(1),
      prop(2, { myPick: picked }),
      prop(3, { gameDate: '2026-01-10T11:00:00.000Z' }),
      prop(4, { result: 'a' }),
    ];
    expect(props.map((p) => sheetViewOf(p, game, now))).toEqual([
      'open',
      'open',
      'locked',
      'settled',
    ]);
    const counts = sheetCountsOf(props, game, now);
    expect(counts).toEqual({ toPick: 1, open: 2, locked: 1, settled: 1 });
    expect(defaultSheetView(counts)).toBe('open');
    expect(defaultSheetView({ toPick: 0, open: 0, locked: 0, settled: 3 })).toBe('settled');
  });

  it('opens games by start time with a game together, unpicked first inside it', () => {
    const later = '2026-01-11T18:00:00.000Z';
    const props = [
      prop(1, { title: 'Packers at Bears', gameDate: later }),
      prop(2, { myPick: picked, description: 'A first by wording, but picked' }),
      prop(3, { description: 'Z last by wording' }),
      prop(4, { gameDate: null, title: 'Someday' }),
    ];
    expect(sheetOrderOf(props, 'open').map((p) => p.id)).toEqual([3, 2, 1, 4]);
    expect(sheetOrderOf(props, 'settled').map((p) => p.id)).toEqual([1, 3, 2, 4]);
  });

  it('keeps the order a view opened with: a prop picked meanwhile stays put, a new one goes last', () => {
    const now = [prop(2), prop(1, { myPick: picked }), prop(4), prop(3)];
    const fresh = sheetOrderOf(now, 'open');
    expect(stableOrderOf([1, 2, 3], now, fresh).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    // A prop that was deleted is dropped.
    expect(stableOrderOf([1, 2, 3], now.slice(0, 2), fresh).map((p) => p.id)).toEqual([1, 2, 4]);
  });

  it('groups consecutive props by day and by game', () => {
    const props = [
      prop(1),
      prop(2),
      prop(3, { title: 'Chiefs at Raiders', gameDate: '2026-01-10T21:00:00.000Z' }),
      prop(4, { gameDate: null, title: 'Someday' }),
    ];
    const days = sectionsOf(props);
    expect(days.map((day) => day.games.map((g) => [g.title, g.props.map((p) => p.id)]))).toEqual([
      [
        ['Bills at Jets', [1, 2]],
        ['Chiefs at Raiders', [3]],
      ],
      [['Someday', [4]]],
    ]);
    expect(days[1]?.key).toBe('');
  });
});
