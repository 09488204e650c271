import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * The functions and triggers that keep the derived tables, each file holding only their
 * current definitions; migrations shape the tables (see derived/README.md).
 */
export const derivedFolder = fileURLToPath(new URL('./derived', import.meta.url));

export interface DerivedFile {
  name: string;
  sql: string;
  sha256: string;
}

export function readDerivedFiles(): DerivedFile[] {
  return readdirSync(derivedFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const sql = readFileSync(`${derivedFolder}/${name}`, 'utf8');
      return { name, sql, sha256: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * After the migrations and under their lock: every file whose content was not the last one
 * applied, in one transaction, its hash recorded in `drizzle.derived_sql`.
 */
export async function applyDerivedSql(client: pg.Client): Promise<string[]> {
  await client.query(`create table if not exists drizzle.derived_sql (
    file text primary key,
    sha256 text not null,
    applied_at timestamp with time zone not null default now()
  )`);
  const applied = await client.query<{ file: string; sha256: string }>(
    'select file, sha256 from drizzle.derived_sql',
  );
  const appliedHash = new Map(applied.rows.map((row) => [row.file, row.sha256]));
  const changed = readDerivedFiles().filter((file) => appliedHash.get(file.name) !== file.sha256);
  if (changed.length === 0) return [];
  await client.query('begin');
  try {
    for (const file of changed) {
      await client.query(file.sql);
      await client.query(
        `insert into drizzle.derived_sql (file, sha256) values ($1, $2)
         on conflict (file) do update set sha256 = excluded.sha256, applied_at = now()`,
        [file.name, file.sha256],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new Error(
      `Applying ${changed.map((file) => `server/src/db/derived/${file.name}`).join(', ')} failed: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  }
  return changed.map((file) => file.name);
}
