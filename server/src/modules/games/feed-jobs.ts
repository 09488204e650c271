import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { jobQueueOf } from '../../db/job-queue';
import { pollFeed, type FeedContext } from './feed-poller';
import { gradeDueGames } from './grading';

const TICK_QUEUE = 'scores-tick';
const PRUNE_QUEUE = 'scores-prune';
/** So a disputed grade can be checked. */
export const PAYLOAD_RETENTION_DAYS = 30;

export interface FeedJobs {
  pollNow(): Promise<void>;
}

/**
 * The queue keeps one tick per interval across instances, and each day's fetch is claimed
 * in the database, so a day is fetched once per interval however many instances run.
 * Stored games are graded even when the feed is down; nothing lives in memory.
 */
export async function startFeedJobs(
  app: FastifyInstance,
  context: FeedContext,
  jobPollIntervalMs: number,
): Promise<FeedJobs> {
  const { db } = context;
  const { boss, unlessStopping, stopping } = await jobQueueOf(app, db, [
    { name: TICK_QUEUE, policy: 'short' },
    { name: PRUNE_QUEUE, policy: 'short' },
  ]);
  const polling = { pollingIntervalSeconds: Math.max(0.5, jobPollIntervalMs / 1000) };
  const tickWorker = await boss.work<{ force?: boolean }>(
    TICK_QUEUE,
    polling,
    unlessStopping(async ([job]) => {
      await pollAndGrade(context, job?.data.force === true);
    }),
  );
  await boss.work(
    PRUNE_QUEUE,
    polling,
    unlessStopping(() => prunePayloads(db)),
  );

  const intervalSeconds = Math.max(1, Math.round(context.pollIntervalMs / 1000));
  const send = (queue: string, data: object, options: object) => {
    if (stopping()) return;
    boss
      .send(queue, data, { retryLimit: 0, expireInSeconds: 600, ...options })
      .then((id) => {
        if (id && queue === TICK_QUEUE) boss.notifyWorker(tickWorker);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, `could not queue ${queue}`));
  };
  const tick = () => {
    send(TICK_QUEUE, {}, { singletonKey: 'tick', singletonSeconds: intervalSeconds });
    send(PRUNE_QUEUE, {}, { singletonKey: 'prune', singletonSeconds: 3600 });
  };
  const timer = setInterval(tick, context.pollIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  tick();

  return {
    async pollNow() {
      await boss.send(TICK_QUEUE, { force: true }, { retryLimit: 0, expireInSeconds: 600 });
      boss.notifyWorker(tickWorker);
    },
  };
}

export async function pollAndGrade(context: FeedContext, force = false): Promise<number> {
  const now = new Date();
  await pollFeed(context, now, force);
  return gradeDueGames(context.db, now);
}

export async function prunePayloads(db: Db): Promise<void> {
  await db.$client.query(
    `delete from feed_payloads where fetched_at < now() - make_interval(days => $1)`,
    [PAYLOAD_RETENTION_DAYS],
  );
}
