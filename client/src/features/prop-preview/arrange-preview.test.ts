import { describe, expect, it } from 'vitest';
import { arrangeForThisVisit, arrangePreview, seededRandom } from './arrange-preview';

const prop = (id: number, sport: string) => ({ id, sport });
const ids = (list: readonly { id: number }[]) => list.map((item) => item.id);

/** Returns the given numbers in turn, then starts over. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

describe('arrangePreview', () => {
  it('deals the sports round-robin in the order they first appear', () => {
    const props = [
      prop(1, 'NFL'),
      prop(2, 'NFL'),
      prop(3, 'NFL'),
      prop(4, 'NCAAF'),
      prop(5, 'NBA'),
      prop(6, 'NCAAF'),
    ];
    // 0.999… keeps every item in place: the shuffle swaps each with itself.
    const arranged = arrangePreview(props, () => 0.999999);
    expect(arranged.map((item) => item.sport)).toEqual([
      'NFL',
      'NCAAF',
      'NBA',
      'NFL',
      'NCAAF',
      'NFL',
    ]);
    expect(ids(arranged)).toEqual([1, 4, 5, 2, 6, 3]);
  });

  it('shuffles within each sport with the random source it is given', () => {
    const props = [prop(1, 'NFL'), prop(2, 'NFL'), prop(3, 'NFL')];
    // Fisher–Yates from the end: index 2 swaps with 0, then index 1 swaps with 0.
    expect(ids(arrangePreview(props, () => 0))).toEqual([2, 3, 1]);
    // index 2 stays (0.9 * 3 = 2), index 1 swaps with 0 (0.1 * 2 = 0).
    expect(ids(arrangePreview(props, sequence(0.9, 0.1)))).toEqual([2, 1, 3]);
  });

  it('keeps every prop exactly once, and leaves the input alone', () => {
    const props = Array.from({ length: 40 }, (_, index) =>
      prop(index, ['NFL', 'NCAAF', 'NBA'][index % 7 === 0 ? 2 : index % 2] ?? 'NFL'),
    );
    const before = [...props];
    const arranged = arrangePreview(props, Math.random);
    expect(ids(arranged).sort((a, b) => a - b)).toEqual(ids(props));
    expect(props).toEqual(before);
  });

  it('survives a random source that returns 1 and an empty list', () => {
    expect(ids(arrangePreview([prop(1, 'NFL'), prop(2, 'NFL')], () => 1))).toHaveLength(2);
    expect(arrangePreview([], Math.random)).toEqual([]);
  });
});

describe("the visit's arrangement", () => {
  const props = Array.from({ length: 12 }, (_, index) =>
    prop(index + 1, ['NFL', 'NCAAF', 'NBA'][index % 3] ?? 'NFL'),
  );

  it('is the same for the same props every time in a visit (the landing and the app agree)', () => {
    expect(ids(arrangeForThisVisit(props))).toEqual(ids(arrangeForThisVisit([...props])));
  });

  it('comes from a seeded shuffle: a seed gives one order, and other seeds others', () => {
    const orderOf = (seed: number) => ids(arrangePreview(props, seededRandom(seed)));
    expect(orderOf(7)).toEqual(orderOf(7));
    const orders = new Set([1, 2, 3, 4, 5].map((seed) => orderOf(seed).join()));
    expect(orders.size).toBeGreaterThan(1);
    const random = seededRandom(42);
    for (let draw = 0; draw < 1000; draw += 1) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
