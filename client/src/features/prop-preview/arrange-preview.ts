/**
 * Product rules §2 'Prop Preview': props grouped by sport, shuffled within each sport, then dealt
 * round-robin across the sports, so the preview mixes sports instead of opening with a
 * wall of one. Sports take turns in the order they first appear. `random` returns a
 * number in [0, 1) like Math.random; tests pass their own.
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
