import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp } from './test/test-app';

const { app, database } = await createTestApp();

/** The routes anyone may call. Adding one here is a decision, not an accident. */
const PUBLIC_API_ROUTES = [
  'GET /api/docs/json',
  'GET /api/health',
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
