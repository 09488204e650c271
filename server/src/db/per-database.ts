import type { Db } from './client';

/** The tests run several apps in one process, each on its own database. */
export function perDatabase<Kept>(create: () => Kept): (db: Db) => Kept {
  const byDb = new WeakMap<Db, Kept>();
  return (db) => {
    let kept = byDb.get(db);
    if (kept === undefined) {
      kept = create();
      byDb.set(db, kept);
    }
    return kept;
  };
}

/** Drops the least recent beyond `max`. */
export function keepRecent<Key, Value>(map: Map<Key, Value>, key: Key, value: Value, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
