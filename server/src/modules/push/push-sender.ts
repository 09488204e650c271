import { createHash } from 'node:crypto';
import { and, eq, notExists, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../db/client';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '../../db/schema';
import type { VapidKeys } from './vapid';

/** A reminder (or nudge) is useless after its lock; a recap keeps for a day. */
const TTL_SECONDS = { reminder: 60 * 60, nudge: 60 * 60, recap: 24 * 60 * 60 } as const;

/**
 * Each accepted push is recorded at once, so a retried job skips devices already served;
 * the Topic header lets a push service replace an undelivered copy. A device the service
 * no longer knows (404, 410) is removed; any other failure throws for the queue to retry.
 */
export async function deliverNotification(
  db: Db,
  vapid: VapidKeys,
  notificationId: number,
): Promise<void> {
  const [notification] = await db
    .select()
    .from(pushNotifications)
    .where(eq(pushNotifications.id, notificationId));
  if (!notification) return;
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, notification.userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushDeliveries)
            .where(
              and(
                eq(pushDeliveries.notificationId, notificationId),
                eq(pushDeliveries.subscriptionId, pushSubscriptions.id),
              ),
            ),
        ),
      ),
    );
  const topic = createHash('sha256')
    .update(notification.dedupeKey)
    .digest('base64url')
    .slice(0, 32);
  const failures: unknown[] = [];
  for (const device of devices) {
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify({ ...notification.payload, tag: topic }),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS[notification.kind],
          topic,
          urgency: notification.kind === 'recap' ? 'normal' : 'high',
          timeout: 10_000,
        },
      );
      await db.transaction(async (tx) => {
        await tx
          .insert(pushDeliveries)
          .values({ notificationId, subscriptionId: device.id })
          .onConflictDoNothing();
        await tx
          .update(pushSubscriptions)
          .set({ lastSentAt: new Date() })
          .where(eq(pushSubscriptions.id, device.id));
      });
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        continue;
      }
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `push to ${failures.length} device(s) failed`);
  }
}
