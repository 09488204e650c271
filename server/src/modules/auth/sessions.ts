import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

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

interface SessionUserRow {
  id: number;
  username: string;
  display_name: string;
  is_admin: boolean;
  last_seen_at: Date;
}

/**
 * More of a request's reads in the session's own statement: a group route's guard reads the
 * caller's membership with it (decision 0029), one round trip instead of two. `joins` may
 * use `u` (the user) and parameters from `$4` on; `columns` must not reuse the session's
 * own column names. A constant: the statement is prepared once per pooled connection.
 */
export interface SessionReadAlong {
  /** The prepared statement's name: one text per name. */
  name: string;
  columns: string;
  joins: string;
}

const SESSION_COLUMNS = 'u.id, u.username, u.display_name, u.is_admin, s.last_seen_at';
const SESSION_FROM = 'from sessions s join users u on u.id = s.user_id';
/** Both expiries (idle and absolute), checked by the database for every read. */
const SESSION_LIVE = 's.token_hash = $1 and s.expires_at > $2 and s.last_seen_at > $3';

/**
 * Every /api request with a session cookie runs this, so it is one plain prepared statement
 * (parsed and planned once per pooled connection) rather than a query built by the ORM on
 * each call: the same rows, read by the token's hash only, with both expiries checked.
 */
const SESSION_USER_QUERY = {
  name: 'session-user',
  text: `select ${SESSION_COLUMNS} ${SESSION_FROM} where ${SESSION_LIVE}`,
};
const statementsAlong = new Map<string, { name: string; text: string }>();
function statementAlong(along: SessionReadAlong) {
  let statement = statementsAlong.get(along.name);
  if (!statement) {
    statement = {
      name: `session-user+${along.name}`,
      text: `select ${SESSION_COLUMNS}, ${along.columns} ${SESSION_FROM} ${along.joins} where ${SESSION_LIVE}`,
    };
    statementsAlong.set(along.name, statement);
  }
  return statement;
}

/** The session's user, or null when the token names no live session. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  return (await readSession(db, token))?.user ?? null;
}

/**
 * The session's user and, in the same statement, the row `along` reads with it (null when
 * the token names no live session).
 */
export async function readSession<Along extends object = object>(
  db: Db,
  token: string,
  along?: { read: SessionReadAlong; values: readonly unknown[] },
): Promise<{ user: SessionUser; row: Along } | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const { rows } = await db.$client.query<SessionUserRow & Along>({
    ...(along ? statementAlong(along.read) : SESSION_USER_QUERY),
    values: [tokenHash, now, new Date(now.getTime() - SESSION_IDLE_MS), ...(along?.values ?? [])],
  });
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    user: {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      isAdmin: row.is_admin,
    },
    row,
  };
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
