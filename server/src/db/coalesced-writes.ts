/**
 * Concurrent requests' writes of one kind sent to PostgreSQL together: a write waits only
 * while every statement of its kind the instance allows is in flight, and whatever arrived
 * meanwhile goes in the next one. Nothing is answered before its statement commits and
 * nothing is kept between statements. A write the statement did not answer for resolves to
 * undefined: the caller then takes its own careful path.
 */
import type { Db } from './client';

export interface CoalescedWrites<Item, Saved> {
  /** Undefined when it did not land. */
  write(item: Item): Promise<Saved | undefined>;
}

export interface CoalescingOptions<Item, Saved> {
  /** Writes to one row share a key: never in one statement, and in the order they arrived. */
  keyOf(item: Item): string;
  /** Distinct keys; what it saved, by key. */
  writeAll(items: readonly Item[]): Promise<ReadonlyMap<string, Saved>>;
  maxBatch: number;
  /** Per instance. */
  maxInFlight: number;
}

interface Waiting<Item, Saved> {
  item: Item;
  key: string;
  settle(saved: Saved | undefined): void;
}

export function coalescedWrites<Item, Saved>(
  options: CoalescingOptions<Item, Saved>,
): CoalescedWrites<Item, Saved> {
  const queue: Waiting<Item, Saved>[] = [];
  let inFlight = 0;

  /** Oldest first; the rest keep waiting. */
  function takeBatch(): Waiting<Item, Saved>[] {
    const batch: Waiting<Item, Saved>[] = [];
    const keys = new Set<string>();
    let kept = 0;
    for (const waiting of queue) {
      if (batch.length < options.maxBatch && !keys.has(waiting.key)) {
        keys.add(waiting.key);
        batch.push(waiting);
      } else {
        queue[kept++] = waiting;
      }
    }
    queue.length = kept;
    return batch;
  }

  function flush() {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      options
        .writeAll(batch.map((waiting) => waiting.item))
        .then(
          (saved) => batch.forEach((waiting) => waiting.settle(saved.get(waiting.key))),
          // Failed as a whole: each write takes its own path, which reports a real outage.
          () => batch.forEach((waiting) => waiting.settle(undefined)),
        )
        .finally(() => {
          inFlight -= 1;
          flush();
        });
    }
  }

  return {
    write(item) {
      return new Promise((settle) => {
        queue.push({ item, key: options.keyOf(item), settle });
        flush();
      });
    },
  };
}

/** Made on first use: a test's database gets its own. */
export function coalescedWritesPerDb<Item, Saved>(
  optionsFor: (db: Db) => CoalescingOptions<Item, Saved>,
): (db: Db) => CoalescedWrites<Item, Saved> {
  const byDb = new WeakMap<Db, CoalescedWrites<Item, Saved>>();
  return (db) => {
    let writes = byDb.get(db);
    if (!writes) {
      writes = coalescedWrites(optionsFor(db));
      byDb.set(db, writes);
    }
    return writes;
  };
}
