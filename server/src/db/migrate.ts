import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant works; every instance of this app uses the same one. */
const MIGRATION_LOCK_ID = 7_245_019;

/**
 * Applies the generated migrations. Several instances may start at once against one
 * server, so they take turns behind an advisory lock and the later ones find nothing to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  // A client of its own, without the pool's request timeouts: waiting for another
  // instance's migrations, or building an index on a big table, may take a while.
  const client = new pg.Client({ ...pool.options, statement_timeout: 0, query_timeout: 0 });
  client.on('error', () => undefined); // the query in flight fails and start-up stops with it
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
