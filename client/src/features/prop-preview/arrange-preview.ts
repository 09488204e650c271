/**
 * Product rules §2 'Prop Preview': shuffled within each sport, then dealt round-robin across
 * the sports, so the preview does not open with a wall of one.
 */
export function arrangePreview<T extends { sport: string }>(
  props: readonly T[],
  random: () => number,
): T[] {
  const bySport = new Map<string, T[]>();
  for (const prop of props) {
    const group = bySport.get(prop.sport);
    if (group) group.push(prop);
    else bySport.set(prop.sport, [prop]);
  }
  const shuffled = [...bySport.values()].map((group) => shuffle(group, random));
  const arranged: T[] = [];
  const longest = Math.max(0, ...shuffled.map((group) => group.length));
  for (let round = 0; round < longest; round += 1) {
    for (const group of shuffled) {
      const prop = group[round];
      if (prop !== undefined) arranged.push(prop);
    }
  }
  return arranged;
}

/** Fisher–Yates on a copy. */
function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.min(index, Math.floor(random() * (index + 1)));
    const held = copy[index] as T;
    copy[index] = copy[other] as T;
    copy[other] = held;
  }
  return copy;
}

/**
 * One shuffle per page load: the landing and the app replacing it arrange the same answer
 * the same way, so the tiles do not move.
 */
const VISIT_SEED = Math.floor(Math.random() * 2 ** 32);

export function arrangeForThisVisit<T extends { sport: string }>(props: readonly T[]): T[] {
  return arrangePreview(props, seededRandom(VISIT_SEED));
}

/** mulberry32: a small PRNG, numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
