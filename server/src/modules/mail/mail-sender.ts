import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PushMessage } from '@shared/domain/push-notifications';
import { sendsByEmail, type EmailKind } from '@shared/domain/nudges';
import type { Db } from '../../db/client';
import {
  emailDeliveries,
  notificationSettings,
  pushNotifications,
  pushSubscriptions,
  userEmails,
} from '../../db/schema';
import { isPermanentFailure, type Mailer, type OutgoingMail } from './mailer';

export type MailJob =
  { notificationId: number } | { verification: { userId: number; address: string; code: string } };

const KIND_OF = { reminder: 'reminders', recap: 'recaps', nudge: 'nudges' } as const;

const WHY: Record<EmailKind, string> = {
  reminders: 'You get this because reminders are on in your Pick’em settings.',
  recaps: 'You get this because result recaps are on in your Pick’em settings.',
  nudges: 'You get this because a member of your group nudged you.',
};

/**
 * A notification the mail server accepted is recorded, so a retried job sends it no more;
 * a permanent refusal (5xx) marks the address failing and ends the job; anything else
 * throws and the queue retries with backoff.
 */
export async function deliverMail(db: Db, mailer: Mailer, job: MailJob): Promise<void> {
  if ('verification' in job) return sendVerification(db, mailer, job.verification);
  const [row] = await db
    .select({
      notification: pushNotifications,
      address: userEmails.address,
      emailChosen: notificationSettings.email,
      delivered: isNotNull(emailDeliveries.notificationId).mapWith(Boolean),
      hasDevice: sql<boolean>`exists (select 1 from ${pushSubscriptions} d where d.user_id = ${pushNotifications.userId})`,
    })
    .from(pushNotifications)
    .innerJoin(
      userEmails,
      and(
        eq(userEmails.userId, pushNotifications.userId),
        isNotNull(userEmails.verifiedAt),
        isNull(userEmails.failingAt),
      ),
    )
    .leftJoin(notificationSettings, eq(notificationSettings.userId, pushNotifications.userId))
    .leftJoin(emailDeliveries, eq(emailDeliveries.notificationId, pushNotifications.id))
    .where(eq(pushNotifications.id, job.notificationId));
  if (!row || row.delivered) return;
  const member = {
    emailChosen: row.emailChosen ?? false,
    verified: true,
    failing: false,
    hasDevice: row.hasDevice,
  };
  if (!sendsByEmail(member)) return;
  const { notification } = row;
  const kind = KIND_OF[notification.kind];
  const message = notification.payload as unknown as PushMessage;
  const sent = await attempt(db, notification.userId, () =>
    mailer.send(notificationMail(mailer, row.address, notification.userId, kind, message)),
  );
  if (sent) {
    await db
      .insert(emailDeliveries)
      .values({ notificationId: notification.id })
      .onConflictDoNothing();
  }
}

async function sendVerification(
  db: Db,
  mailer: Mailer,
  { userId, address, code }: { userId: number; address: string; code: string },
) {
  const [pending] = await db
    .select({ userId: userEmails.userId })
    .from(userEmails)
    .where(
      and(
        eq(userEmails.userId, userId),
        eq(userEmails.address, address),
        isNull(userEmails.verifiedAt),
        sql`${userEmails.codeExpiresAt} > now()`,
      ),
    );
  if (!pending) return;
  const text = `Your Pick'em code is ${code}.\n\nEnter it in Settings within 15 minutes to get reminders by e-mail. If you did not ask for it, ignore this message.`;
  await attempt(db, userId, () =>
    mailer.send({
      to: address,
      subject: `Your Pick'em code: ${code}`,
      text,
      html: paragraphs(text),
    }),
  );
}

async function attempt(db: Db, userId: number, send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (!isPermanentFailure(error)) throw error;
    await db
      .update(userEmails)
      .set({ failingAt: new Date(), failure: error.message.slice(0, 300), updatedAt: new Date() })
      .where(eq(userEmails.userId, userId));
    return false;
  }
}

function notificationMail(
  mailer: Mailer,
  to: string,
  userId: number,
  kind: EmailKind,
  message: PushMessage,
): OutgoingMail {
  const open = mailer.linkTo(message.url);
  const unsubscribe = mailer.unsubscribeLinksOf(userId, kind);
  const subject = kind === 'recaps' ? `${message.title}: ${message.body}` : message.body;
  const text = [
    message.title,
    message.body,
    `Open Pick'em: ${open}`,
    `${WHY[kind]} Turn them off: ${unsubscribe.page}`,
  ].join('\n\n');
  const html = [
    `<p><strong>${escapeHtml(message.title)}</strong></p>`,
    `<p>${escapeHtml(message.body)}</p>`,
    `<p><a href="${escapeHtml(open)}">Open Pick'em</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(WHY[kind])} <a href="${escapeHtml(unsubscribe.page)}">Unsubscribe</a></p>`,
  ].join('\n');
  return { to, subject, text, html, unsubscribeUrl: unsubscribe.oneClick };
}

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('\n');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
