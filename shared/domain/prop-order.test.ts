import { describe, expect, it } from 'vitest';
import type { GroupLockSettings } from './lock-state';
import {
  compareWords,
  propSortGroupOf,
  sortPropsForGroupPage,
  type PropSortGroup,
} from './prop-order';

const now = new Date('2026-09-10T18:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const gameLock: GroupLockSettings = { lockType: 'game', lockValue: null, isLocked: false };

describe('propSortGroupOf', () => {
  const cases: [
    string,
    { result: string | null; gameDate: Date | null },
    boolean,
    GroupLockSettings,
    PropSortGroup,
  ][] = [
    ['open, not picked', { result: null, gameDate: hours(2) }, false, gameLock, 'open_unpicked'],
    ['open, picked', { result: null, gameDate: hours(2) }, true, gameLock, 'open_picked'],
    ['started, not picked', { result: null, gameDate: hours(-1) }, false, gameLock, 'locked'],
    ['started, picked', { result: null, gameDate: hours(-1) }, true, gameLock, 'locked'],
    ['decided, picked', { result: 'A', gameDate: hours(-1) }, true, gameLock, 'decided'],
    ['decided before the game', { result: 'A', gameDate: hours(2) }, false, gameLock, 'decided'],
    ['voided', { result: 'N/A', gameDate: null }, false, gameLock, 'decided'],
    [
      'manually locked group',
      { result: null, gameDate: null },
      false,
      { lockType: 'leader', lockValue: null, isLocked: true },
      'locked',
    ],
    [
      'time lock passed',
      { result: null, gameDate: hours(5) },
      true,
      { lockType: 'time', lockValue: hours(-1), isLocked: false },
      'locked',
    ],
  ];
  it.each(cases)('%s → %s', (_name, prop, hasPick, group, expected) => {
    expect(propSortGroupOf(prop, hasPick, group, now)).toBe(expected);
  });
});

describe('sortPropsForGroupPage', () => {
  const prop = (
    id: number,
    fields: { result?: string | null; gameDate?: Date | null; description?: string },
  ) => ({
    id,
    result: fields.result ?? null,
    gameDate: fields.gameDate === undefined ? hours(10) : fields.gameDate,
    description: fields.description ?? `Prop ${id}`,
  });

  const sort = (props: ReturnType<typeof prop>[], picked: number[], view = 'all') =>
    sortPropsForGroupPage(props, {
      pickedPropIds: new Set(picked),
      group: gameLock,
      now,
      view,
    }).map((entry) => entry.id);

  it('puts unpicked open, then picked open, then locked, then decided', () => {
    const props = [
      prop(1, { result: 'A' }),
      prop(2, { gameDate: hours(-2) }),
      prop(3, {}),
      prop(4, {}),
      prop(5, { result: 'N/A', gameDate: hours(-5) }),
    ];
    expect(sort(props, [3])).toEqual([4, 3, 2, 5, 1]);
  });

  it('breaks ties by game date, earliest first, props without one last', () => {
    const props = [
      prop(1, { gameDate: null }),
      prop(2, { gameDate: hours(30) }),
      prop(3, { gameDate: hours(3) }),
    ];
    expect(sort(props, [])).toEqual([3, 2, 1]);
  });

  it("then by description in the 'all' view, case-insensitively", () => {
    const props = [
      prop(1, { description: 'total points' }),
      prop(2, { description: 'First score' }),
      prop(3, { description: 'Anytime touchdown' }),
    ];
    expect(sort(props, [])).toEqual([3, 2, 1]);
  });

  it('keeps the id order in a sport view, where the description does not count', () => {
    const props = [
      prop(2, { description: 'B' }),
      prop(1, { description: 'C' }),
      prop(3, { description: 'A' }),
    ];
    expect(sort(props, [], 'NFL')).toEqual([1, 2, 3]);
  });

  it('does not change the list it is given', () => {
    const props = [prop(2, {}), prop(1, {})];
    sort(props, []);
    expect(props.map((entry) => entry.id)).toEqual([2, 1]);
  });
});

describe('compareWords', () => {
  it('orders words case and accents aside', () => {
    expect(compareWords('apple', 'Apple')).toBe(0);
    expect(compareWords('Äpple', 'apple')).toBe(0);
    expect(compareWords('Élan', 'elan')).toBe(0);
    expect(compareWords('apple', 'Banana')).toBeLessThan(0);
    expect(compareWords('Zebra', 'éclair')).toBeGreaterThan(0);
    expect(['Over 44.5', 'bills win', 'Árbol', 'away'].sort(compareWords)).toEqual([
      'Árbol',
      'away',
      'bills win',
      'Over 44.5',
    ]);
  });
});
