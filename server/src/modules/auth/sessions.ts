import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** Idle expiry... */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** ...and absolute expiry. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** So reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const SESSION_COOKIE = 'pickem_session';

export interface SessionUser {
  id: number;
  username: string;
  displayName: string;
  isAdmin: boolean;
}

/** Only the hash is stored; live streams are known by it too. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits. */
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
 * A row read in the session's own statement (a group route's membership, say): one round
 * trip instead of two. `joins` may use `u` (the user) and parameters from `$4` on;
 * `columns` must not reuse the session's column names. A constant: the statement is
 * prepared once per pooled connection.
 */
export interface ReadWithSession {
  /** The prepared statement's name: one text per name. */
  name: string;
  columns: string;
  joins: string;
}

const SESSION_COLUMNS = 'u.id, u.username, u.display_name, u.is_admin, s.last_seen_at';
const SESSION_FROM = 'from sessions s join users u on u.id = s.user_id';
const SESSION_LIVE = 's.token_hash = $1 and s.expires_at > $2 and s.last_seen_at > $3';

/** Every /api request with a session cookie runs this: a plain prepared statement, planned once per connection. */
const SESSION_USER_QUERY = {
  name: 'session-user',
  text: `select ${SESSION_COLUMNS} ${SESSION_FROM} where ${SESSION_LIVE}`,
};
const statementsWithRead = new Map<string, { name: string; text: string }>();
function statementWithRead(extra: ReadWithSession) {
  let statement = statementsWithRead.get(extra.name);
  if (!statement) {
    statement = {
      name: `session-user+${extra.name}`,
      text: `select ${SESSION_COLUMNS}, ${extra.columns} ${SESSION_FROM} ${extra.joins} where ${SESSION_LIVE}`,
    };
    statementsWithRead.set(extra.name, statement);
  }
  return statement;
}

export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  return (await readSession(db, token))?.user ?? null;
}

/** null when the token names no live session. */
export async function readSession<Extra extends object = object>(
  db: Db,
  token: string,
  extra?: { read: ReadWithSession; values: readonly unknown[] },
): Promise<{ user: SessionUser; row: Extra } | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const { rows } = await db.$client.query<SessionUserRow & Extra>({
    ...(extra ? statementWithRead(extra.read) : SESSION_USER_QUERY),
    values: [tokenHash, now, new Date(now.getTime() - SESSION_IDLE_MS), ...(extra?.values ?? [])],
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
