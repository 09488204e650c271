import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { pushVapidKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** RFC 8292. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:operator@pickem.invalid';

/**
 * The environment's, else the one stored in the database on the very first start. Every
 * instance must sign with the same key (subscriptions are bound to it): the first insert
 * wins a race.
 */
export async function ensureVapidKeys(
  db: Db,
  configured: Partial<VapidKeys> = {},
): Promise<VapidKeys> {
  const subject = configured.subject ?? DEFAULT_VAPID_SUBJECT;
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  }
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey })
    .onConflictDoNothing();
  const [stored] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (!stored) throw new Error('the VAPID key pair could not be stored');
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
