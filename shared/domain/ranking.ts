/**
 * Entries best first by `compare` (negative when `a` ranks above `b`), each with its
 * position: entries that compare equal share one and the next skips (1, 1, 3). Equal
 * entries keep their input order.
 */
export function rankWith<T>(
  entries: readonly T[],
  compare: (a: T, b: T) => number,
): (T & { position: number })[] {
  const sorted = [...entries].sort(compare);
  const ranked: (T & { position: number })[] = [];
  sorted.forEach((entry, index) => {
    const previous = ranked[index - 1];
    const position = previous && compare(previous, entry) === 0 ? previous.position : index + 1;
    ranked.push({ ...entry, position });
  });
  return ranked;
}
