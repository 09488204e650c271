import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { jobQueueOf } from '../../db/job-queue';
import { deliverMail, type MailJob } from '../mail/mail-sender';
import type { Mailer } from '../mail/mailer';
import { deliverNotification } from './push-sender';
import { planRecaps, planReminders, type EnqueueDelivery } from './push-planner';
import type { VapidKeys } from './vapid';

export interface PushJobOptions {
  scanIntervalMs: number;
  /** pg-boss polls; at least 500 ms. */
  pollIntervalMs: number;
  recapBatchMs: number;
}

const SCAN_QUEUE = 'push-scan';
const DELIVER_QUEUE = 'push-deliver';
const MAIL_QUEUE = 'mail-deliver';

export interface NotificationQueue {
  /** Inside the caller's transaction. */
  deliver: EnqueueDelivery;
  /** undefined when e-mail is off. */
  sendCode?: (job: { userId: number; address: string; code: string }) => Promise<void>;
}

/**
 * The scan queue keeps at most one scan waiting, so scans do not pile up across instances.
 * A scan records notifications and queues their delivery in one transaction; deliveries
 * survive restarts and are retried with backoff.
 */
export async function startPushJobs(
  app: FastifyInstance,
  db: Db,
  vapid: VapidKeys,
  options: PushJobOptions,
  mailer?: Mailer,
): Promise<NotificationQueue> {
  const { boss, unlessStopping, stopping, afterStop } = await jobQueueOf(app, db, [
    // Not 'stately': a scan left active by a crashed instance would block the next until it
    // expired. Overlapping scans are harmless.
    { name: SCAN_QUEUE, policy: 'short' },
    {
      name: DELIVER_QUEUE,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      // A delivery is a few HTTP requests; one held longer than this was lost in a crash.
      expireInSeconds: 60,
    },
    {
      name: MAIL_QUEUE,
      retryLimit: 8,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 120,
    },
  ]);
  if (mailer) afterStop(() => mailer.close());

  const polling = { pollingIntervalSeconds: Math.max(0.5, options.pollIntervalMs / 1000) };
  const enqueue: EnqueueDelivery = async (notificationId, client) => {
    const inTransaction = {
      db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
    };
    await boss.send(DELIVER_QUEUE, { notificationId }, inTransaction);
    if (mailer) await boss.send(MAIL_QUEUE, { notificationId } satisfies MailJob, inTransaction);
  };
  const deliverWorker = await boss.work<{ notificationId: number }>(
    DELIVER_QUEUE,
    polling,
    unlessStopping(async ([job]) => {
      if (job) await deliverNotification(db, vapid, job.data.notificationId);
    }),
  );
  const mailWorker = mailer
    ? await boss.work<MailJob>(
        MAIL_QUEUE,
        polling,
        unlessStopping(async ([job]) => {
          if (job) await deliverMail(db, mailer, job.data);
        }),
      )
    : undefined;
  const scanWorker = await boss.work(
    SCAN_QUEUE,
    polling,
    unlessStopping(async () => {
      const reach = { email: Boolean(mailer) };
      const created =
        (await planReminders(db, enqueue, reach)) +
        (await planRecaps(db, enqueue, options.recapBatchMs, reach));
      if (created > 0) notifyDelivery();
    }),
  );

  const notifyDelivery = () => {
    boss.notifyWorker(deliverWorker);
    if (mailWorker) boss.notifyWorker(mailWorker);
  };

  const requestScan = () => {
    if (stopping()) return;
    boss
      .send(SCAN_QUEUE, {}, { singletonKey: 'scan', retryLimit: 0, expireInSeconds: 300 })
      .then((id) => {
        if (id) boss.notifyWorker(scanWorker);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not request a push scan'));
  };
  const timer = setInterval(requestScan, options.scanIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  requestScan();

  return {
    deliver: async (notificationId, client) => {
      await enqueue(notificationId, client);
      // Committed by the caller just after: the workers look at once, not at their next poll.
      setImmediate(notifyDelivery);
    },
    ...(mailer && {
      sendCode: async (job) => {
        const id = await boss.send(MAIL_QUEUE, { verification: job } satisfies MailJob);
        if (id && mailWorker) boss.notifyWorker(mailWorker);
      },
    }),
  };
}
