import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser, sessionCookieOf } from '../../test/test-app';

const { app } = await createTestApp();

const me = (cookie: string | undefined) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

describe('sessions', () => {
  it('registering while signed in ends the previous session', async () => {
    const first = await registerUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `next_${first.username}`, displayName: 'Next', password: 'abc' },
      headers: { cookie: first.cookie ?? '' },
    });
    expect(response.statusCode).toBe(201);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(sessionCookieOf(response))).json().user.username).toBe(
      `next_${first.username}`,
    );
  });
});

describe('answers with personal data', () => {
  it('are never stored by a cache', async () => {
    const user = await registerUser(app);
    const who = await me(user.cookie);
    expect(who.headers['cache-control']).toBe('no-store');
    const groups = await user.request({ method: 'GET', url: `/api/users/${user.id}/groups` });
    expect(groups.statusCode).toBe(200);
    expect(groups.headers['cache-control']).toMatch(/private|no-store/);
    const refused = await me(undefined);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
