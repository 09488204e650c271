import { mkdtemp, chmod, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../../server/src/db/open-database';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';

export interface ThrowawayDatabase {
  url: string;
  /** Where it lives, for the report (no password). */
  description: string;
  drop(): Promise<void>;
}

/**
 * A database that exists only for one bench run: a fresh one on DATABASE_URL's server,
 * dropped afterwards, or (no DATABASE_URL) the app's embedded PostgreSQL in a temporary
 * folder, removed afterwards.
 */
export async function createThrowawayDatabase(
  databaseUrl: string | undefined,
  label: string,
): Promise<ThrowawayDatabase> {
  const name = `pickem_bench_${label}_${process.pid}`;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)}`);
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    const version = await serverVersion(admin);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      description: `${version}, database ${name} on ${url.host}`,
      drop: async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
        await client.end();
      },
    };
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickem-bench-'));
  // As root the embedded PostgreSQL runs as the postgres user, which must reach the folder.
  await chmod(dataDir, 0o755);
  const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'pg') });
  try {
    const url = await ensureDatabase(cluster.adminUrl, name);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const version = await serverVersion(client);
    await client.end();
    return {
      url,
      description: `${version}, embedded in ${dataDir}`,
      drop: async () => {
        await cluster.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function serverVersion(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ v: string }>(
    `select current_setting('server_version') as v`,
  );
  return `PostgreSQL ${rows[0]?.v ?? '?'}`;
}
