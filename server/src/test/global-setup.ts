import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { ensureDatabase } from '../db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser connection string of the PostgreSQL the tests run on. */
    testAdminUrl: string;
    /** A migrated database each test file copies into a fresh one of its own. */
    testTemplateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: the server in DATABASE_URL when set (CI runs the
 * suite both ways), else an embedded one in a temporary folder, removed afterwards.
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  let adminUrl: string;
  let stopCluster: () => Promise<void> = () => Promise.resolve();
  let clusterRoot: string | undefined;

  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    clusterRoot = await mkdtemp(path.join(os.tmpdir(), 'pickem-test-pg-'));
    await chmod(clusterRoot, 0o755); // the postgres user must be able to enter it when we are root
    const cluster = await startEmbeddedPostgres({ clusterDir: path.join(clusterRoot, 'pg') });
    adminUrl = cluster.adminUrl;
    stopCluster = () => cluster.stop();
  }

  const template = `pickem_template_${runId}`;
  const templateUrl = await ensureDatabase(adminUrl, template);
  const database = connect(templateUrl, { max: 1 });
  await runMigrations(database.pool);
  await database.close();

  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplateDatabase', template);

  return async () => {
    await dropDatabasesOfRun(adminUrl, runId);
    await stopCluster();
    if (clusterRoot) await rm(clusterRoot, { recursive: true, force: true });
  };
}

async function dropDatabasesOfRun(adminUrl: string, runId: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`%${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
