import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connect } from '../../db/client';
import { createTestDatabase } from '../../test/test-app';

/**
 * Stopping while a worker is still fetching its first job: the fetch is not "work in
 * progress" to pg-boss, so its stop resolves at once and the app then ends the pool. The
 * job that fetch returns must neither run on the ended pool (pg-boss settles it without
 * awaiting: an unhandled rejection, exit 1 in production) nor be lost.
 */
const { url, database } = await createTestDatabase();
afterAll(() => database.close());

const JOBS = { scanIntervalMs: 3_600_000, pollIntervalMs: 500, recapBatchMs: 60_000 };

it('a delivery fetched as the app stops is left to be retried, and the stop is clean', async () => {
  // A first start creates the queues; stopped cleanly.
  const first = connect(url, { max: 5 });
  await (await buildApp({ db: first.db, push: { jobs: JOBS } })).close();
  await first.close();

  const producer = new PgBoss({ connectionString: url, schedule: false, supervise: false });
  await producer.start();
  const jobId = await producer.send('push-deliver', { notificationId: 2_147_483_000 });
  await producer.stop({ graceful: false });
  expect(jobId).toBeTruthy();

  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    // As the production shutdown does: close the app (its onClose hooks stop the queue),
    // then end the pool, right after the start, with the workers' first fetch in flight.
    const pool = connect(url, { max: 5 });
    const app = await buildApp({ db: pool.db, push: { jobs: JOBS } });
    await app.close();
    await pool.close();
    await sleep(1_500);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
  expect(rejections.map(String)).toEqual([]);

  const { rows } = await database.db.$client.query<{ state: string }>(
    'select state from pgboss.job where id = $1',
    [jobId],
  );
  // Not completed (it never ran) and not failed for good: another instance takes it.
  expect(rows.map((row) => row.state)).toEqual(['retry']);
});
