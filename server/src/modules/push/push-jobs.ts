import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { deliverNotification } from './push-sender';
import { planRecaps, planReminders, type EnqueueDelivery } from './push-planner';
import type { VapidKeys } from './vapid';

export interface PushJobOptions {
  /** How often each instance asks for a scan (reminders due, recap batches ready). */
  scanIntervalMs: number;
  /** How often workers look for jobs (pg-boss polls; at least 500 ms). */
  pollIntervalMs: number;
  /** How long a group's results are gathered into one recap. */
  recapBatchMs: number;
}

const SCAN_QUEUE = 'push-scan';
const DELIVER_QUEUE = 'push-deliver';
/** Any constant works (not the migrations' one); every instance uses the same one. */
const QUEUE_SETUP_LOCK_ID = 7_245_020;

/**
 * The job queue behind reminders and recaps: pg-boss on the app's own PostgreSQL pool.
 * Every instance asks for a scan on a timer; the scan queue keeps at most one waiting, so
 * with many instances scans do not pile up (and two that overlap plan nothing twice).
 * A scan records notifications and queues their delivery in one transaction; deliveries
 * are jobs that survive restarts and are retried with backoff. The queue stops in an
 * onClose hook, so the app's graceful shutdown (app.close()) lets running jobs finish.
 */
export async function startPushJobs(
  app: FastifyInstance,
  db: Db,
  vapid: VapidKeys,
  options: PushJobOptions,
) {
  const work = new WorkInFlight();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => work.track(db.$client.query(text, values)) },
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'job queue error'));
  // Instances starting together would create the queue's schema and tables at the same
  // moment and deadlock; they take turns, as migrations do (a session lock: a crashed
  // instance's session ends and releases it).
  const turn = await db.$client.connect();
  try {
    await turn.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_ID]);
    await boss.start();
    // 'short': at most one scan waiting. Not 'stately': a scan left active by a crashed
    // instance would block the next one until it expired. Overlapping scans are harmless.
    await boss.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, policy: 'short' });
    await boss.createQueue(DELIVER_QUEUE, {
      name: DELIVER_QUEUE,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      // A delivery is a few HTTP requests; one held longer than this was lost in a crash.
      expireInSeconds: 60,
    });
  } finally {
    await turn.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_ID]).catch(() => undefined);
    turn.release();
  }

  const polling = { pollingIntervalSeconds: Math.max(0.5, options.pollIntervalMs / 1000) };
  /** A job fetched once the app is stopping is given back (failed: retried later). */
  const unlessStopping =
    <T>(handler: (jobs: T) => Promise<void>) =>
    (jobs: T) =>
      work.track(work.stopping ? Promise.reject(new Error('The app is stopping')) : handler(jobs));
  const enqueue: EnqueueDelivery = async (notificationId, client) => {
    await boss.send(
      DELIVER_QUEUE,
      { notificationId },
      { db: { executeSql: (text, values) => client.query(text, values) } },
    );
  };
  const deliverWorker = await boss.work<{ notificationId: number }>(
    DELIVER_QUEUE,
    polling,
    unlessStopping(async ([job]) => {
      if (job) await deliverNotification(db, vapid, job.data.notificationId);
    }),
  );
  const scanWorker = await boss.work(
    SCAN_QUEUE,
    polling,
    unlessStopping(async () => {
      const created =
        (await planReminders(db, enqueue)) + (await planRecaps(db, enqueue, options.recapBatchMs));
      if (created > 0) boss.notifyWorker(deliverWorker);
    }),
  );

  const requestScan = () => {
    boss
      .send(SCAN_QUEUE, {}, { singletonKey: 'scan', retryLimit: 0, expireInSeconds: 300 })
      .then((id) => {
        if (id) boss.notifyWorker(scanWorker);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not request a push scan'));
  };
  const timer = setInterval(requestScan, options.scanIntervalMs);
  timer.unref();
  requestScan();

  app.addHook('onClose', async () => {
    clearInterval(timer);
    work.stopping = true;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    // pg-boss's stop waits for running jobs only: a fetch still in flight returns its job
    // afterwards, and pg-boss completes or fails a job without awaiting it. The pool
    // (closed after this hook) must outlive both.
    await work.settled();
  });
}

/**
 * The job queue's queries and job handlers still running. pg-boss's stop does not wait for
 * them all, and a query of its on an ended pool would be an unhandled rejection.
 */
class WorkInFlight {
  stopping = false;
  readonly #running = new Set<Promise<unknown>>();

  track<T>(promise: Promise<T>): Promise<T> {
    this.#running.add(promise);
    const forget = () => this.#running.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /** Resolves once nothing is running, not even what a settling piece of work starts next. */
  async settled() {
    for (;;) {
      await Promise.allSettled(this.#running);
      // A fetch that settles starts its job (and a job its completion) in the promise
      // reactions that follow: look again once they have all run.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#running.size === 0) return;
    }
  }
}
