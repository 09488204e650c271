import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, registerUser, sessionCookieOf } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, headers });
const login = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const me = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
const userCount = async () => (await db.select({ n: count() }).from(users))[0]?.n;

describe('register', () => {
  it('creates the account, signs it in with an HttpOnly SameSite=Lax cookie, and makes the first account the admin', async () => {
    const first = await register({
      username: 'Founder',
      displayName: 'The Founder',
      password: 'abc',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      user: { id: 1, username: 'Founder', displayName: 'The Founder', isAdmin: true },
    });
    const cookie = first.cookies.find((c) => c.name === 'pickem_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22); // >= 128 bits, base64url

    const second = await register({ username: 'second', displayName: 'Second', password: 'abc' });
    expect(second.json().user.isAdmin).toBe(false);

    const session = await me(sessionCookieOf(first));
    expect(session.json().user.username).toBe('Founder');
  });

  it('stores only a hash of the session token', async () => {
    const response = await register({ username: 'hashcheck', displayName: 'H', password: 'abc' });
    const token = response.cookies.find((c) => c.name === 'pickem_session')?.value ?? '';
    const stored = await db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('spells accents plainly and removes what stays outside printable ASCII', async () => {
    const response = await register({
      username: 'emoji',
      displayName: ' Zoë 🏈 Müller ',
      password: 'abc',
    });
    expect(response.json().user.displayName).toBe('Zoe Muller');
  });

  it.each([
    [{}, 'displayName', 'Display name is required'],
    [
      { displayName: '   ', username: 'x1', password: 'abc' },
      'displayName',
      'Display name is required',
    ],
    [
      { displayName: '🏈', username: 'x1', password: 'abc' },
      'displayName',
      'Display name is required',
    ],
    [{ displayName: 'A', username: '  ', password: 'abc' }, 'username', 'Username is required'],
    [{ displayName: 'A', username: 'x1', password: '   ' }, 'password', 'Password is required'],
    [
      { displayName: 'A', username: 'x1', password: 'ab' },
      'password',
      'Password must be at least 3 characters long',
    ],
    [
      { displayName: 'A', username: 'x1', password: 'a'.repeat(201) },
      'password',
      'Password must be at most 200 characters long',
    ],
    [
      { displayName: 'A', username: 'x'.repeat(31), password: 'abc' },
      'username',
      'Username must be at most 30 characters',
    ],
    [
      { displayName: 'A'.repeat(41), username: 'x1', password: 'abc' },
      'displayName',
      'Display name must be at most 40 characters',
    ],
    [
      { displayName: 'A', username: 'has space', password: 'abc' },
      'username',
      'Username can only contain letters, numbers, dots, dashes and underscores',
    ],
    [
      { displayName: 42, username: ['x'], password: null },
      'displayName',
      'Display name is required',
    ],
  ])('refuses %j with 400 and stores nothing', async (payload, field, message) => {
    const before = await userCount();
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fieldErrors[field]).toContain(message);
    expect(typeof body.message).toBe('string');
    expect(response.cookies).toHaveLength(0);
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON and non-object bodies with a 400 JSON message', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON' });

    const array = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBe('The request body is not in the expected shape');

    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);

    const xml = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('Send the request body as JSON');
  });

  it('treats usernames that differ only in case as the same, with a 409', async () => {
    await register({ username: 'CaseName', displayName: 'One', password: 'abc' });
    const before = await userCount();
    const clash = await register({ username: 'casename', displayName: 'Two', password: 'abc' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'That username is already taken' });
    expect(await userCount()).toBe(before);
  });
});

describe('login and logout', () => {
  it('signs in regardless of username case and issues a new token each time', async () => {
    await register({ username: 'Loginner', displayName: 'L', password: 'p4ss!' });
    const first = await login({ username: 'loginner', password: 'p4ss!' });
    const second = await login({ username: 'LOGINNER', password: 'p4ss!' });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.username).toBe('Loginner');
    expect(sessionCookieOf(first)).not.toEqual(sessionCookieOf(second));
    expect((await me(sessionCookieOf(second))).statusCode).toBe(200);
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    await register({ username: 'known', displayName: 'K', password: 'right' });
    const wrongPassword = await login({ username: 'known', password: 'wrong' });
    const unknownUser = await login({ username: 'nobody-here', password: 'wrong' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('refuses text with a NUL character as bad input, not a server error', async () => {
    const response = await login({ username: 'nul\u0000name', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Text cannot contain NUL characters',
      fieldErrors: { username: ['Text cannot contain NUL characters'] },
    });
  });

  it('requires both fields', async () => {
    const response = await login({ username: ' ', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('logout ends the session on the server', async () => {
    const user = await registerUser(app);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const logout = await user.request({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('GET /api/auth/me is 401 without a session and ignores x-user-id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-user-id': '1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('does not accept a forged cookie', async () => {
    expect((await me('pickem_session=not-a-real-token')).statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a state change from a foreign Origin and stores nothing', async () => {
    const before = await userCount();
    const response = await register(
      { username: 'csrf', displayName: 'C', password: 'abc' },
      { origin: 'https://evil.example', host: 'localhost:3000' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    expect(await userCount()).toBe(before);
  });

  it('accepts the same origin', async () => {
    const response = await register(
      { username: 'sameorigin', displayName: 'S', password: 'abc' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('rate limits', async () => {
  const limited = await createTestApp({ authAttempts: { max: 3, windowMs: 60_000 } });

  it('answers 429 after too many login attempts from one address', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'someone', password: 'guess' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await attempt();
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
  });

  it('counts again from the start once the window is over', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        payload: { username: 'someone', password: 'guess' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The window ends (moved in the table rather than waited for): the address may try again.
    await limited.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key like ${'%203.0.113.7'}`,
    );
    statuses.length = 0;
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits registration too', async () => {
    const attempt = (n: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: `spam${n}`, displayName: 'S', password: 'abc' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const stored = await limited.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.username, 'spam3'));
    expect(stored[0]?.n).toBe(0);
  });
});
