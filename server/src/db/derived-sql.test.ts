import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { derivedFolder, readDerivedFiles } from './derived-sql';

const { database } = await createTestDatabase();
afterAll(() => database.close());

interface TriggerRow {
  name: string;
  table: string;
  fn: string;
}

const triggers = (
  await database.pool.query<TriggerRow>(`
    select t.tgname as name, c.relname as "table", p.proname as fn
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal`)
).rows;
const functions = (
  await database.pool.query<{ name: string }>(`
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'`)
).rows.map((row) => row.name);

/** What each derived file defines, by its `create or replace` statements. */
const definedIn = new Map<string, string[]>();
for (const file of readDerivedFiles()) {
  for (const match of file.sql.matchAll(/^create or replace (function|trigger) (\w+)/gim)) {
    const key = `${match[1]!.toLowerCase()} ${match[2]}`;
    definedIn.set(key, [...(definedIn.get(key) ?? []), file.name]);
  }
}

/** The README's tables, as rows of cells. */
function tableUnder(heading: string): string[][] {
  const readme = readFileSync(`${derivedFolder}/README.md`, 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.split('|').slice(1, -1));
}
const codeNames = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

const triggerRows = tableUnder('Triggers').map(([, sources, names, file, readers]) => ({
  sources: codeNames(sources!),
  triggers: codeNames(names!),
  file: codeNames(file!)[0],
  readers: codeNames(readers!),
}));
const functionRows = tableUnder('Functions called by name').map(([name, file, callers]) => ({
  name: codeNames(name!)[0]!,
  file: codeNames(file!)[0],
  callers: codeNames(callers!),
}));

describe('the derived SQL map (server/src/db/derived)', () => {
  it('defines every trigger and function of the database in exactly one file', () => {
    expect(triggers.length).toBeGreaterThan(0);
    for (const trigger of triggers) {
      expect(definedIn.get(`trigger ${trigger.name}`), trigger.name).toHaveLength(1);
    }
    for (const name of functions) {
      expect(definedIn.get(`function ${name}`), name).toHaveLength(1);
    }
    const inDatabase = new Set([
      ...triggers.map((trigger) => `trigger ${trigger.name}`),
      ...functions.map((name) => `function ${name}`),
    ]);
    expect([...definedIn.keys()].filter((key) => !inDatabase.has(key))).toEqual([]);
  });

  it("lists every trigger in the README's table, on its table, beside the file defining it", () => {
    const listed = triggerRows.flatMap((row) => row.triggers);
    expect([...listed].sort()).toEqual(triggers.map((trigger) => trigger.name).sort());
    for (const trigger of triggers) {
      const row = triggerRows.find((candidate) => candidate.triggers.includes(trigger.name))!;
      expect(row.sources, `${trigger.name}'s source tables`).toContain(trigger.table);
      expect(definedIn.get(`trigger ${trigger.name}`), trigger.name).toEqual([row.file]);
      expect(definedIn.get(`function ${trigger.fn}`), trigger.fn).toEqual([row.file]);
    }
  });

  it("lists every other function in the README's second table, beside the file defining it", () => {
    const triggerFunctions = new Set(triggers.map((trigger) => trigger.fn));
    const others = functions.filter((name) => !triggerFunctions.has(name)).sort();
    expect(functionRows.map((row) => row.name).sort()).toEqual(others);
    for (const row of functionRows) {
      expect(definedIn.get(`function ${row.name}`), row.name).toEqual([row.file]);
    }
  });

  it('names readers and callers that exist', () => {
    const modules = [...triggerRows, ...functionRows]
      .flatMap((row) => ('readers' in row ? row.readers : row.callers))
      .filter((name) => name.endsWith('.ts'));
    expect(modules.length).toBeGreaterThan(10);
    const serverSource = new URL('..', import.meta.url);
    for (const module of modules) {
      expect(existsSync(new URL(module, serverSource)), module).toBe(true);
    }
  });
});
