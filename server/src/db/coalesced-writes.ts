/**
 * Concurrent requests' writes of one kind, sent to PostgreSQL together: one statement for
 * picks, one transaction for results (decision 0033). A write waits only while every
 * statement of its kind the instance allows is in flight; whatever arrived meanwhile goes
 * together in the next one. Alone, a write goes at once. On a busy Sunday, fifty members'
 * picks cost one statement, one commit and one run of each statement-level trigger instead
 * of fifty.
 *
 * Nothing is answered before its statement has committed, and nothing is kept between
 * statements: a restart loses no answered write, and instances need not know of each other.
 *
 * A statement answers for each write it changed. A write it did not answer for (a row it
 * was written for has moved on, or the statement failed) resolves to undefined: the caller
 * then takes its own careful path, which also gives a refusal its words.
 */
import type { Db } from './client';

export interface CoalescedWrites<Item, Saved> {
  /** The write's result once its statement has committed; undefined when it did not land. */
  write(item: Item): Promise<Saved | undefined>;
}

export interface CoalescingOptions<Item, Saved> {
  /**
   * Writes to one row share a key: they never share a statement (a statement may change a
   * row once), and they land in the order they arrived.
   */
  keyOf(item: Item): string;
  /** One statement for all of `items` (distinct keys): what it saved, by key. */
  writeAll(items: readonly Item[]): Promise<ReadonlyMap<string, Saved>>;
  /** Writes in one statement at most. */
  maxBatch: number;
  /** Statements of this kind in flight at once, per instance. */
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

  /** Up to maxBatch waiting writes with distinct keys, oldest first; the rest keep waiting. */
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
          // The statement failed as a whole: every write in it takes its own path, where a
          // cause that is not about the batch (the database is down) is reported as usual.
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

/**
 * One coalescer per database handle, made on first use: the writes of every request on one
 * pool share it, and a test's database gets its own.
 */
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
