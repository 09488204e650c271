import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from './client';

/** Not the migrations' one; every instance uses the same. */
const QUEUE_SETUP_LOCK_ID = 7_245_020;

export interface JobQueue {
  boss: PgBoss;
  /** A job fetched once the app is stopping is given back (retried later); a running one is waited for. */
  unlessStopping: <T>(handler: (jobs: T) => Promise<void>) => (jobs: T) => Promise<void>;
  stopping: () => boolean;
  /** Once the queue has stopped and its last job has settled. */
  afterStop: (cleanup: () => void) => void;
}

const queues = new WeakMap<FastifyInstance, Promise<JobQueue>>();

/**
 * pg-boss on the app's own pool, one per app, shared by the modules that run jobs; each
 * asks for it with the queues it needs. It stops in an onClose hook, so app.close() lets
 * running jobs finish.
 */
export async function jobQueueOf(
  app: FastifyInstance,
  db: Db,
  create: PgBoss.Queue[],
): Promise<JobQueue> {
  let queue = queues.get(app);
  if (!queue) {
    queue = startJobQueue(app, db);
    queues.set(app, queue);
  }
  const ready = await queue;
  await inTurn(db, async () => {
    for (const options of create) await ready.boss.createQueue(options.name, options);
  });
  return ready;
}

async function startJobQueue(app: FastifyInstance, db: Db): Promise<JobQueue> {
  const work = new WorkInFlight();
  const cleanups: (() => void)[] = [];
  const boss = new PgBoss({
    db: { executeSql: (text, values) => work.track(db.$client.query(text, values)) },
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => app.log.warn({ err: error }, 'job queue error'));
  await inTurn(db, () => boss.start());
  app.addHook('onClose', async () => {
    work.stopping = true;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    // pg-boss's stop waits for running jobs only: a fetch in flight returns its job after,
    // and completions are not awaited. The pool (closed after this hook) must outlive both.
    await work.settled();
    for (const cleanup of cleanups) cleanup();
  });
  return {
    boss,
    stopping: () => work.stopping,
    afterStop: (cleanup) => cleanups.push(cleanup),
    unlessStopping:
      <T>(handler: (jobs: T) => Promise<void>) =>
      (jobs: T) =>
        work.track(
          work.stopping ? Promise.reject(new Error('The app is stopping')) : handler(jobs),
        ),
  };
}

/**
 * Instances starting together would create the queue's schema at the same moment and
 * deadlock: they take turns behind a session lock, as migrations do.
 */
async function inTurn<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const turn = await db.$client.connect();
  try {
    await turn.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_ID]);
    return await run();
  } finally {
    await turn.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_ID]).catch(() => undefined);
    turn.release();
  }
}

/** pg-boss's stop does not wait for them all, and a query on an ended pool would be an unhandled rejection. */
class WorkInFlight {
  stopping = false;
  readonly #running = new Set<Promise<unknown>>();

  track<T>(promise: Promise<T>): Promise<T> {
    this.#running.add(promise);
    const forget = () => this.#running.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /** Not even what a settling piece of work starts next. */
  async settled() {
    for (;;) {
      await Promise.allSettled(this.#running);
      // A settling fetch starts its job in the promise reactions that follow: look again.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#running.size === 0) return;
    }
  }
}
