import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { builtClientDir } from '../test/built-client';
import { createTestApp } from '../test/test-app';

const direct = await createTestApp();
const proxied = await createTestApp({ trustProxy: 1, authAttempts: { max: 2, windowMs: 60_000 } });

/** A built client whose group page starts its reads in an inline script (scripts/build.mjs). */
const EARLY_READS = "(function () { window.__early = fetch('/api/auth/me'); })();";
const served = await createTestApp({
  clientDir: await builtClientDir({
    'index.html': '<!doctype html><title>Pick</title>',
    'group.html':
      `<!doctype html><head><script>${EARLY_READS}</script>` +
      '<script type="module" crossorigin src="/assets/app.js"></script></head>',
  }),
});

let counter = 0;
const newAccount = () => {
  counter += 1;
  return { username: `origin${counter}`, displayName: 'O', password: 'abc' };
};
const register = (app: typeof direct.app, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: newAccount(), headers });
const userCount = async (db: typeof direct.database.db) =>
  (await db.select({ n: count() }).from(users))[0]?.n;

describe('the same-origin check on writes', () => {
  it('compares the scheme too', async () => {
    const before = await userCount(direct.database.db);
    const response = await register(direct.app, {
      host: 'localhost:3000',
      origin: 'https://localhost:3000',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    expect(await userCount(direct.database.db)).toBe(before);
  });

  it('refuses a foreign Referer when there is no Origin, and accepts our own or none', async () => {
    const host = 'localhost:3000';
    expect(
      (await register(direct.app, { host, referer: 'https://evil.example/page' })).statusCode,
    ).toBe(403);
    expect(
      (await register(direct.app, { host, referer: 'http://localhost:3000/register' })).statusCode,
    ).toBe(201);
    expect((await register(direct.app, { host })).statusCode).toBe(201);
  });

  it('behind a trusted proxy, compares with the scheme and host the browser used', async () => {
    const forwarded = {
      host: 'app-internal:3000',
      'x-forwarded-host': 'pickem.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    };
    const same = await register(proxied.app, { ...forwarded, origin: 'https://pickem.example' });
    expect(same.statusCode, same.body).toBe(201);
    const wrongScheme = await register(proxied.app, {
      ...forwarded,
      origin: 'http://pickem.example',
      'x-forwarded-for': '203.0.113.8',
    });
    expect(wrongScheme.statusCode).toBe(403);
  });

  it('ignores X-Forwarded-Host from a client when no proxy is trusted', async () => {
    const response = await register(direct.app, {
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
      origin: 'http://evil.example',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('client addresses behind a trusted proxy', () => {
  it('are the address the proxy saw, whatever the client wrote in X-Forwarded-For', async () => {
    // An appending proxy: the client's own entries first, the address it saw last.
    const attempt = (spoofed: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody', password: 'guess' },
        headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.20` },
      });
    expect((await attempt('10.0.0.1')).statusCode).toBe(401);
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
    const third = await attempt('10.0.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Too many attempts/);
  });
});

describe('security headers', () => {
  const EXPECTED = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
      "frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';" +
      "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('are on every answer: a success, a refusal, an unknown route, a cross-site write', async () => {
    const answers = [
      await direct.app.inject({ method: 'GET', url: '/api/health' }),
      await direct.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await direct.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await register(direct.app, { host: 'localhost:3000', origin: 'https://evil.example' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 403]);
    for (const answer of answers) expect(answer.headers).toMatchObject(EXPECTED);
  });

  it("allow the built pages' inline scripts by their hashes, and no other inline script", async () => {
    const page = await served.app.inject({ method: 'GET', url: '/group/7' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(EARLY_READS);
    const hash = createHash('sha256').update(EARLY_READS).digest('base64');
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash}';`,
    );
    // The API's answers carry the same policy: one policy for the whole origin.
    const api = await served.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });
});
