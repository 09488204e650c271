import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { applyDerivedSql } from './derived-sql';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The baseline stands for migrations 0000-0032 with 0032's timestamp, so drizzle skips it
 * on a database at 0032 or later (one part-way through them would run it over its tables).
 */
const baselineTimestamp = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  }
).entries.find((entry) => entry.tag === '0000_baseline')!.when;

async function refuseDatabaseBeforeBaseline(client: pg.Client): Promise<void> {
  const journal = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!journal.rows[0]?.present) return;
  const { rows } = await client.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last;
  if (last != null && Number(last) < baselineTimestamp) {
    throw new Error(
      'This database stopped at a migration older than 0032_prop_events_by_join, which this ' +
        'version no longer carries one by one. Start a release from before the migrations ' +
        'were squashed (decision 0096) on it once, then this one.',
    );
  }
}

/** Every instance of this app uses the same one. */
const MIGRATION_LOCK_ID = 7_245_019;

/** Then the derived SQL files that changed. Instances starting at once take turns behind an advisory lock. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  // Without the pool's timeouts: waiting for another instance, or building an index, takes a while.
  const client = new pg.Client({ ...pool.options, statement_timeout: 0, query_timeout: 0 });
  client.on('error', () => undefined); // the query in flight fails and start-up stops with it
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await refuseDatabaseBeforeBaseline(client);
    await migrate(drizzle(client), { migrationsFolder });
    await applyDerivedSql(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
