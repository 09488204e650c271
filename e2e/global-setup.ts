import { newRunId, startTestPostgres } from '../server/src/test/test-postgres';

/**
 * One PostgreSQL for the run (DATABASE_URL's server when set, as in CI; else an embedded
 * one). Each worker's app server gets a fresh database of its own on it
 * (e2e/support/app-server.ts); the run's databases are dropped when it ends.
 */
export default async function globalSetup() {
  const runId = newRunId();
  const postgres = await startTestPostgres();
  // Workers start after this and inherit the environment.
  process.env.PICKEM_E2E_ADMIN_URL = postgres.adminUrl;
  process.env.PICKEM_E2E_RUN_ID = runId;
  return () => postgres.stop(runId);
}
