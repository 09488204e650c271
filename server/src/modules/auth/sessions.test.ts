import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { deleteExpiredSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
const { app, database } = await createTestApp();
const { db } = database;

/** The stored session of a signed-in test user (one each: they signed up once). */
async function sessionOf(user: TestUser) {
  const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
  if (!row) throw new Error('no session stored');
  return row;
}

/** Moves the session's clock instead of waiting: as if it were created or last seen then. */
async function ageSession(user: TestUser, fields: { lastSeenAt?: Date; expiresAt?: Date }) {
  await db.update(sessions).set(fields).where(eq(sessions.userId, user.id));
}

/**
 * The ways a request reads its session: alone (the session hook, here `/api/auth/me`), and
 * with what its route reads first, in one statement (the home cards' stamp, a group route's
 * membership: decision 0029). All must end a session alike; `prepare` returns the address
 * to read as `user`.
 */
const READS = [
  { by: 'the session hook', prepare: async () => '/api/auth/me' },
  {
    by: 'the home cards’ guard',
    prepare: async (user: TestUser) => `/api/users/${user.id}/groups`,
  },
  {
    by: 'a group route’s guard',
    prepare: async (user: TestUser) => {
      const created = await user.request({
        method: 'POST',
        url: '/api/groups',
        payload: { name: 'Expiry' },
      });
      expect(created.statusCode).toBe(201);
      return `/api/groups/${created.json().group.id}`;
    },
  },
];

describe.each(READS)('session expiry, read by $by', ({ prepare }) => {
  it('keeps a session used within the idle limit, and marks it seen again', async () => {
    const user = await registerUser(app);
    const url = await prepare(user);
    const seen = new Date(Date.now() - SESSION_IDLE_MS + DAY_MS);
    await ageSession(user, { lastSeenAt: seen });
    expect((await user.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await sessionOf(user)).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends a session left unused past the idle limit', async () => {
    const user = await registerUser(app);
    const url = await prepare(user);
    await ageSession(user, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) });
    const answer = await user.request({ method: 'GET', url });
    expect(answer.statusCode).toBe(401);
  });

  it('ends a session at its absolute limit, however recently it was used', async () => {
    const user = await registerUser(app);
    const url = await prepare(user);
    const stored = await sessionOf(user);
    // Created with the absolute limit ahead of it.
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThanOrEqual(
      SESSION_ABSOLUTE_MS - 60_000,
    );
    await ageSession(user, { lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) });
    expect((await user.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

const me = (user: TestUser) => user.request({ method: 'GET', url: '/api/auth/me' });

describe('the expired-session sweep', () => {
  it('deletes idle and absolutely expired sessions and keeps live ones', async () => {
    const live = await registerUser(app);
    const idle = await registerUser(app);
    const ended = await registerUser(app);
    await ageSession(idle, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) });
    await ageSession(ended, { expiresAt: new Date(Date.now() - 1000) });

    await deleteExpiredSessions(db);

    const left = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(sql`${sessions.userId} in (${live.id}, ${idle.id}, ${ended.id})`);
    expect(left).toEqual([{ userId: live.id }]);
    expect((await me(live)).statusCode).toBe(200);
  });
});
