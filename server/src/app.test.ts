import { afterAll, describe, expect, it } from 'vitest';
import { activityContract } from '@shared/contract/activity';
import { auditContract } from '@shared/contract/audit';
import { authContract } from '@shared/contract/auth';
import { configContract } from '@shared/contract/config';
import { exportsContract } from '@shared/contract/exports';
import { conversationContract } from '@shared/contract/conversation';
import { gamePropsContract } from '@shared/contract/game-props';
import { gamesContract } from '@shared/contract/games';
import { groupsContract } from '@shared/contract/groups';
import { healthContract } from '@shared/contract/health';
import { invitesContract } from '@shared/contract/invites';
import { liveContract } from '@shared/contract/live';
import { mailContract } from '@shared/contract/mail';
import { masterPropsContract } from '@shared/contract/master-props';
import { nudgesContract } from '@shared/contract/nudges';
import { potContract } from '@shared/contract/pot';
import { propsContract } from '@shared/contract/props';
import { pushContract } from '@shared/contract/push';
import { revealContract } from '@shared/contract/reveal';
import { roundsContract } from '@shared/contract/rounds';
import { seasonsContract } from '@shared/contract/seasons';
import { tiebreakersContract } from '@shared/contract/tiebreakers';
import { usersContract } from '@shared/contract/users';
import { buildApp } from './app';
import { createTestApp } from './test/test-app';

const { app, database } = await createTestApp();

/** The routes anyone may call. Adding one here is a decision, not an accident. */
const PUBLIC_API_ROUTES = [
  'GET /api/config',
  'GET /api/docs/json',
  'GET /api/health',
  'GET /api/invites/:code',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/props-preview',
  // A signed link from an e-mail turns one kind of notification off (decision 0082).
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/register',
];

describe('route table', () => {
  it('guards every non-public API route', () => {
    const apiRoutes = app.routeTable.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(PUBLIC_API_ROUTES.length);
    for (const route of apiRoutes) {
      const name = `${route.method} ${route.url}`;
      if (PUBLIC_API_ROUTES.includes(name)) {
        expect(route.access, name).toBe('public');
      } else {
        expect(route.access, name).not.toBe('public');
        expect(route.access.length, `${name} has no guard`).toBeGreaterThan(0);
      }
    }
    const publicRoutes = apiRoutes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('serves exactly the routes of shared/contract', () => {
    const contracts: Record<string, { method: string; path: string }>[] = [
      activityContract,
      auditContract,
      authContract,
      configContract,
      conversationContract,
      exportsContract,
      gamePropsContract,
      gamesContract,
      groupsContract,
      healthContract,
      invitesContract,
      liveContract,
      mailContract,
      masterPropsContract,
      nudgesContract,
      potContract,
      propsContract,
      pushContract,
      revealContract,
      roundsContract,
      seasonsContract,
      tiebreakersContract,
      usersContract,
    ];
    const contractRoutes = contracts
      .flatMap((contract) => Object.values(contract))
      .map((entry) => `${entry.method} ${entry.path}`);
    // The OpenAPI document is generated from the contract, not part of it (app.ts).
    const served = app.routeTable
      .filter((route) => route.url.startsWith('/api/') && route.url !== '/api/docs/json')
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(contractRoutes).size).toBe(contractRoutes.length);
    expect([...served].sort()).toEqual([...contractRoutes].sort());
  });

  it('refuses to build an app with an unguarded API route', async () => {
    const unsafe = await buildApp({ db: database.db });
    expect(() => unsafe.get('/api/oops', async () => ({}))).toThrow(
      'GET /api/oops has no auth guard and is not public',
    );
    await unsafe.close();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('No such API route');
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/users/{id}']),
    );
    expect(
      document.paths['/api/auth/register'].post.requestBody.content['application/json'].schema
        .required,
    ).toEqual(['displayName', 'username', 'password']);
  });

  it('reports health with the database reachable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('serving the built client', async () => {
  const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const clientDir = await mkdtemp(path.join(os.tmpdir(), 'pickem-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Pick</title>');
  await writeFile(path.join(clientDir, 'assets', 'app-1.js'), 'console.log(1)');
  // What scripts/build.mjs writes beside each text file.
  const { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } =
    await import('node:zlib');
  const bigScript = `export const words = ${JSON.stringify('pick '.repeat(2000))};`;
  await writeFile(path.join(clientDir, 'assets', 'big-1.js'), bigScript);
  await writeFile(path.join(clientDir, 'assets', 'big-1.js.br'), brotliCompressSync(bigScript));
  await writeFile(path.join(clientDir, 'assets', 'big-1.js.gz'), gzipSync(bigScript));
  const served = await buildApp({ db: database.db, clientDir });
  afterAll(() => served.close());

  it('answers page routes with index.html, uncached', async () => {
    for (const url of ['/', '/settings', '/group/12', '/no/such/page']) {
      const response = await served.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, including ones built after start-up', async () => {
    const existing = await served.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(existing.statusCode).toBe(200);
    expect(existing.headers['cache-control']).toContain('immutable');
    await writeFile(path.join(clientDir, 'assets', 'app-2.js'), 'console.log(2)');
    const rebuilt = await served.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe('console.log(2)');
  });

  it('serves the build-time brotli or gzip copy to browsers that accept it', async () => {
    const brotli = await served.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bigScript);

    const gzip = await served.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);

    const plain = await served.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('answers a missing asset or API route with 404, never with the page', async () => {
    const asset = await served.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(asset.statusCode).toBe(404);
    const api = await served.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('No such API route');
  });
});
