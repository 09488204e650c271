import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { jobQueueOf } from '../../db/job-queue';
import { settleQueuedRounds } from './round-winners.service';

export interface RoundWinnerJobOptions {
  /** How often the queue of rounds to settle is looked at. */
  intervalMs: number;
  /** pg-boss polls; at least 500 ms. */
  pollIntervalMs: number;
}

const SETTLE_QUEUE = 'round-winners';

/**
 * Settles the rounds queued by `round-winners.sql`. At most one settle job waits across
 * instances (a singleton key); the queue itself is rows in the database, so a round queued
 * before a crash is settled after it, and rounds settle one transaction each.
 */
export async function startRoundWinnerJobs(
  app: FastifyInstance,
  db: Db,
  options: RoundWinnerJobOptions,
): Promise<void> {
  const { boss, unlessStopping, stopping } = await jobQueueOf(app, db, [
    // Not 'stately', as the push scan: a job left active by a crashed instance would block
    // the next until it expired. Two settling at once find each other's rounds taken.
    { name: SETTLE_QUEUE, policy: 'short' },
  ]);
  const worker = await boss.work(
    SETTLE_QUEUE,
    { pollingIntervalSeconds: Math.max(0.5, options.pollIntervalMs / 1000) },
    unlessStopping(async () => {
      // Rounds queued while it worked are settled before the job ends.
      const failed = (roundId: number, error: unknown) =>
        app.log.error({ err: error, roundId }, 'could not settle a round');
      while ((await settleQueuedRounds(db, failed)) > 0 && !stopping());
    }),
  );
  // Told once while the database is away, not every interval until it returns.
  let unreachable = false;
  const request = () => {
    if (stopping()) return;
    boss
      .send(SETTLE_QUEUE, {}, { singletonKey: 'settle', retryLimit: 0, expireInSeconds: 300 })
      .then((id) => {
        unreachable = false;
        if (id) boss.notifyWorker(worker);
      })
      .catch((error: unknown) => {
        if (!unreachable) app.log.warn({ err: error }, 'could not request round winners');
        unreachable = true;
      });
  };
  const timer = setInterval(request, options.intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  request();
}
