import type { TestProject } from 'vitest/node';
import { connect } from '../db/client';
import { runMigrations } from '../db/migrate';
import { ensureDatabase } from '../db/open-database';
import { bundleServerForRun } from './server-bundle';
import { newRunId, startTestPostgres } from './test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser connection string of the PostgreSQL the tests run on. */
    testAdminUrl: string;
    /** A migrated database each test file copies into a fresh one of its own. */
    testTemplateDatabase: string;
  }
}

/**
 * One PostgreSQL for the server project's run (embedded, or DATABASE_URL's server) with a
 * migrated template database; every test file copies it into a fresh one of its own. The
 * tests that start server processes start this run's server bundle.
 */
export default async function setup(project: TestProject) {
  const runId = newRunId();
  const [postgres, bundle] = await Promise.all([startTestPostgres(), bundleServerForRun()]);
  const template = `pickem_template_${runId}`;
  const templateUrl = await ensureDatabase(postgres.adminUrl, template);
  const database = connect(templateUrl, { max: 1 });
  await runMigrations(database.pool);
  await database.close();

  project.provide('testAdminUrl', postgres.adminUrl);
  project.provide('testTemplateDatabase', template);
  project.provide('testServerEntry', bundle.entry);

  return async () => {
    await postgres.stop(runId);
    await bundle.remove();
  };
}
