import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** ...and after this long in any case; then the user signs in again. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const SESSION_COOKIE = 'pickem_session';

export interface SessionUser {
  id: number;
  username: string;
  displayName: string;
  isAdmin: boolean;
}

/** What is stored of a token (and what its live streams are known by). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits; only their hash is stored. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      isAdmin: users.isAdmin,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { lastSeenAt: _lastSeenAt, ...user } = row;
  return user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Expired rows are dead weight; any instance may sweep them now and then. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  const now = new Date();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, sql`${new Date(now.getTime() - SESSION_IDLE_MS)}`),
      ),
    );
}
