import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  NotificationSettings,
  PushDevice,
  PushSubscriptionInput,
  notificationSettingsInputSchema,
} from '@shared/contract/push';
import { DEFAULT_LEAD_MINUTES, isReminderLead } from '@shared/domain/push-notifications';
import type { Db } from '../../db/client';
import { notificationSettings, pushSubscriptions } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';

const DEVICE_NOT_FOUND = 'Device not found';

/**
 * A subscription names the address the server will POST to, so an endpoint elsewhere is
 * refused: otherwise any account could make the server send requests into its own network.
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  const { hostname, protocol } = new URL(endpoint);
  if (protocol !== 'https:') return false;
  return [...KNOWN_PUSH_SERVICE_HOSTS, ...extraHosts].some((allowed) =>
    allowed.startsWith('.') ? hostname.endsWith(allowed) : hostname === allowed,
  );
}

/** Enough to tell a member's devices apart in Settings. */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iPhone or iPad'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

const toDevice = (row: SubscriptionRow): PushDevice => ({
  id: row.id,
  description: describeDevice(row.userAgent),
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
});

/** The endpoint is unique: a browser that re-subscribes moves to the current account with its new keys. */
export async function saveSubscription(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  allowedHosts: readonly string[],
): Promise<PushDevice> {
  if (!isAllowedPushEndpoint(input.endpoint, allowedHosts)) {
    throw unprocessable('That push endpoint is not a known push service');
  }
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning();
    if (!row) throw new Error('the subscription was not saved');
    await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    return toDevice(row);
  });
}

/** By endpoint (the browser) or by id (Settings). */
export async function removeSubscription(
  db: Db,
  userId: number,
  which: { endpoint: string } | { id: number },
): Promise<void> {
  const match =
    'endpoint' in which
      ? eq(pushSubscriptions.endpoint, which.endpoint)
      : eq(pushSubscriptions.id, which.id);
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(match, eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(DEVICE_NOT_FOUND);
}

export async function listDevices(db: Db, userId: number): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(toDevice);
}

export async function readSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!row) {
    return {
      reminders: true,
      leadMinutes: [...DEFAULT_LEAD_MINUTES],
      recaps: true,
      email: false,
      nudges: true,
    };
  }
  return {
    reminders: row.reminders,
    leadMinutes: row.leadMinutes.filter(isReminderLead),
    recaps: row.recaps,
    email: row.email,
    nudges: row.nudges,
  };
}

/** `email` and `nudges` left out keep their values. */
export async function writeSettings(
  db: Db,
  userId: number,
  settings: z.output<typeof notificationSettingsInputSchema>,
): Promise<NotificationSettings> {
  const values = {
    reminders: settings.reminders,
    leadMinutes: settings.leadMinutes,
    recaps: settings.recaps,
    ...(settings.email !== undefined && { email: settings.email }),
    ...(settings.nudges !== undefined && { nudges: settings.nudges }),
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return readSettings(db, userId);
}
