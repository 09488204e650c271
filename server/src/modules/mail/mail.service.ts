import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { EmailAddress } from '@shared/contract/mail';
import { EMAIL_CODE_TRIES, EMAIL_CODE_TTL_MS, type EmailKind } from '@shared/domain/nudges';
import type { Db } from '../../db/client';
import { notificationSettings, userEmails } from '../../db/schema';
import { HttpError, conflict, notFound, unprocessable } from '../../http/errors';

export const NO_CODE = 'There is no code to check: send a new one';
export const CODE_EXPIRED = 'That code has expired: send a new one';
export const NO_TRIES_LEFT = 'Too many wrong codes: send a new one';

export type SendCode = (job: { userId: number; address: string; code: string }) => Promise<void>;

const codeHashOf = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

type EmailRow = typeof userEmails.$inferSelect;

export const toEmailAddress = (row: EmailRow | undefined): EmailAddress =>
  row
    ? {
        address: row.address,
        status: row.failingAt ? 'failing' : row.verifiedAt ? 'verified' : 'unverified',
        failure: row.failingAt ? row.failure : null,
      }
    : null;

export async function readEmailAddress(db: Db, userId: number): Promise<EmailAddress> {
  const [row] = await db.select().from(userEmails).where(eq(userEmails.userId, userId));
  return toEmailAddress(row);
}

/**
 * A new six-digit code, valid 15 minutes with five tries. Until it comes back the address
 * gets nothing else; an address already verified stays verified.
 */
export async function setEmailAddress(
  db: Db,
  userId: number,
  address: string,
  sendCode: SendCode,
): Promise<EmailAddress> {
  const [current] = await db.select().from(userEmails).where(eq(userEmails.userId, userId));
  if (current?.verifiedAt && !current.failingAt && sameAddress(current.address, address)) {
    return toEmailAddress(current);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    address,
    verifiedAt: null,
    codeHash: codeHashOf(userId, code),
    codeExpiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
    codeTriesLeft: EMAIL_CODE_TRIES,
    failingAt: null,
    failure: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(userEmails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userEmails.userId, set: values })
    .returning();
  await sendCode({ userId, address, code });
  return toEmailAddress(row);
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A wrong code uses up a try; the row is locked, so two tries at once count as two. */
export async function verifyEmailCode(db: Db, userId: number, code: string): Promise<EmailAddress> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userEmails)
      .where(eq(userEmails.userId, userId))
      .for('update');
    if (!row?.codeHash || row.verifiedAt) return { refusal: conflict(NO_CODE) };
    if (row.codeTriesLeft <= 0) return { refusal: new HttpError(429, NO_TRIES_LEFT) };
    if (!row.codeExpiresAt || row.codeExpiresAt <= new Date()) {
      return { refusal: unprocessable(CODE_EXPIRED) };
    }
    if (row.codeHash !== codeHashOf(userId, code)) {
      const left = row.codeTriesLeft - 1;
      await tx
        .update(userEmails)
        .set({ codeTriesLeft: left, updatedAt: new Date() })
        .where(eq(userEmails.userId, userId));
      return {
        refusal: unprocessable(
          left > 0
            ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`
            : NO_TRIES_LEFT,
        ),
      };
    }
    const verified = {
      verifiedAt: new Date(),
      codeHash: null,
      codeTriesLeft: 0,
      updatedAt: new Date(),
    };
    await tx.update(userEmails).set(verified).where(eq(userEmails.userId, userId));
    // Reminders by e-mail need the settings row a device would have made.
    await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    return { refusal: null };
  });
  // Thrown after the commit: a wrong code's used-up try must stay used up.
  if (outcome.refusal) throw onTheCode(outcome.refusal);
  return readEmailAddress(db, userId);
}

const onTheCode = (refusal: HttpError) =>
  new HttpError(refusal.statusCode, refusal.message, { code: [refusal.message] });

export async function removeEmailAddress(db: Db, userId: number): Promise<void> {
  const removed = await db
    .delete(userEmails)
    .where(eq(userEmails.userId, userId))
    .returning({ userId: userEmails.userId });
  if (removed.length === 0) throw notFound('There is no e-mail address to remove');
}

const UNSUBSCRIBED: Record<EmailKind, string> = {
  reminders: 'You will get no more reminders. Turn them back on in Settings.',
  recaps: 'You will get no more result recaps. Turn them back on in Settings.',
  nudges: 'Nobody can nudge you any more. Turn nudges back on in Settings.',
};

/** That kind of notification, on every channel. */
export async function unsubscribe(db: Db, userId: number, kind: EmailKind) {
  const change = { [kind]: false, updatedAt: new Date() };
  await db
    .insert(notificationSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: change });
  return { kind, message: UNSUBSCRIBED[kind] };
}
