import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

export interface TestPostgres {
  /** Superuser connection string; tests create their databases through it. */
  adminUrl: string;
  /** Drops the databases whose names contain `runId`, then stops the embedded cluster. */
  stop: (runId: string) => Promise<void>;
}

/**
 * The PostgreSQL a test run uses (unit/integration and browser tests alike): the server
 * in DATABASE_URL when set (CI), else an embedded cluster in a temporary folder, removed
 * when the run ends.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const external = process.env.DATABASE_URL;
  if (external) {
    return { adminUrl: external, stop: (runId) => dropDatabasesOfRun(external, runId) };
  }
  const clusterRoot = await mkdtemp(path.join(os.tmpdir(), 'pickem-test-pg-'));
  await chmod(clusterRoot, 0o755); // the postgres user must be able to enter it when we are root
  // Deleted when the run ends: no flushes to disk (the server project 57 - 61 -> 47 - 53 s;
  // decision 0037). The fault suite's clusters, which test what survives a crash, and the
  // app's own (server/src/db/open-database.test.ts) keep PostgreSQL's defaults.
  const cluster = await startEmbeddedPostgres({
    clusterDir: path.join(clusterRoot, 'pg'),
    throwaway: true,
  });
  return {
    adminUrl: cluster.adminUrl,
    stop: async (runId) => {
      await dropDatabasesOfRun(cluster.adminUrl, runId);
      await cluster.stop();
      await rm(clusterRoot, { recursive: true, force: true });
    },
  };
}

/** A name part that sets this run's databases apart from other runs on the same server. */
export function newRunId(): string {
  return `${process.pid}_${Date.now().toString(36)}`;
}

async function dropDatabasesOfRun(adminUrl: string, runId: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where strpos(datname, $1) > 0`,
      [runId],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
