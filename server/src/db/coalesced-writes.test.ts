import { describe, expect, it } from 'vitest';
import { coalescedWrites } from './coalesced-writes';

interface Write {
  row: string;
  value: number;
}

/** A table of rows in memory standing in for the statement's effect, with its statements. */
function recordingTable(options: { maxBatch?: number; failWhen?: (batch: Write[]) => boolean }) {
  const statements: Write[][] = [];
  const rows = new Map<string, number>();
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const writes = coalescedWrites<Write, number>({
    keyOf: (write) => write.row,
    maxBatch: options.maxBatch ?? 10,
    maxInFlight: 1,
    writeAll: async (batch) => {
      statements.push([...batch]);
      await gate;
      if (options.failWhen?.([...batch])) throw new Error('statement failed');
      for (const write of batch) rows.set(write.row, write.value);
      return new Map(batch.map((write) => [write.row, write.value]));
    },
  });
  return {
    writes,
    statements,
    rows,
    /** Holds every statement until `open` is called. */
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    open: () => release(),
  };
}

describe('coalescedWrites', () => {
  it('sends a lone write at once, and what arrives meanwhile together in the next statement', async () => {
    const table = recordingTable({});
    table.hold();
    const first = table.writes.write({ row: 'a', value: 1 });
    const later = ['b', 'c', 'd'].map((row, index) => table.writes.write({ row, value: index }));
    expect(table.statements).toEqual([[{ row: 'a', value: 1 }]]);
    table.open();
    expect(await Promise.all([first, ...later])).toEqual([1, 0, 1, 2]);
    expect(table.statements.map((batch) => batch.map((write) => write.row))).toEqual([
      ['a'],
      ['b', 'c', 'd'],
    ]);
  });

  it('never puts two writes to one row in a statement, and lands them in arrival order', async () => {
    const table = recordingTable({});
    table.hold();
    const sent = [
      table.writes.write({ row: 'x', value: 0 }),
      table.writes.write({ row: 'a', value: 1 }),
      table.writes.write({ row: 'a', value: 2 }),
      table.writes.write({ row: 'b', value: 3 }),
      table.writes.write({ row: 'a', value: 4 }),
    ];
    table.open();
    await Promise.all(sent);
    expect(table.statements.map((batch) => batch.map((write) => write.value))).toEqual([
      [0],
      [1, 3],
      [2],
      [4],
    ]);
    expect(table.rows.get('a')).toBe(4);
  });

  it('sends at most maxBatch writes in a statement', async () => {
    const table = recordingTable({ maxBatch: 2 });
    table.hold();
    const sent = ['a', 'b', 'c', 'd', 'e', 'f'].map((row) => table.writes.write({ row, value: 0 }));
    table.open();
    await Promise.all(sent);
    expect(table.statements.map((batch) => batch.length)).toEqual([1, 2, 2, 1]);
  });

  it('answers undefined for every write of a failed statement, and goes on with the next', async () => {
    const table = recordingTable({
      failWhen: (batch) => batch.some((write) => write.row === 'bad'),
    });
    table.hold();
    const first = table.writes.write({ row: 'a', value: 1 });
    const failed = [
      table.writes.write({ row: 'bad', value: 2 }),
      table.writes.write({ row: 'b', value: 3 }),
    ];
    table.open();
    expect(await first).toBe(1);
    expect(await Promise.all(failed)).toEqual([undefined, undefined]);
    expect(await table.writes.write({ row: 'c', value: 4 })).toBe(4);
    expect([...table.rows.keys()]).toEqual(['a', 'c']);
  });
});
