import path from 'node:path';
import pg from 'pg';
import { connect, type Database, type DatabaseTimeouts } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migrate';

export const EMBEDDED_DATABASE_NAME = 'pickem';

export interface OpenedDatabase extends Database {
  /** For the start-up log (no password). */
  description: string;
}

/** DATABASE_URL, else the app's own PostgreSQL in DATA_DIR; migrated before the app serves. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  timeouts?: DatabaseTimeouts;
  log?: (line: string) => void;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const database = connect(options.databaseUrl, { timeouts: options.timeouts });
    await runMigrations(database.pool);
    return { ...database, description: redact(options.databaseUrl) };
  }

  const cluster = await startEmbeddedPostgres({
    clusterDir: path.join(options.dataDir, 'pg'),
    log: options.log,
  });
  try {
    const url = await ensureDatabase(cluster.adminUrl, EMBEDDED_DATABASE_NAME);
    const database = connect(url, { timeouts: options.timeouts });
    await runMigrations(database.pool);
    return {
      ...database,
      description: `embedded PostgreSQL in ${path.join(options.dataDir, 'pg')}`,
      close: async () => {
        await database.close();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}
