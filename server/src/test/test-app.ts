import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { connect, type Database } from '../db/client';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
}

/**
 * The real app on a fresh database of its own (a copy of the migrated template), closed
 * and dropped after the test file. Call once at the top of a test file.
 */
export async function createTestApp(
  overrides: Partial<Omit<AppOptions, 'db'>> = {},
): Promise<TestContext> {
  const { database } = await createTestDatabase();
  const app = await buildApp({
    db: database.db,
    authAttempts: { max: 1000, windowMs: 60_000 },
    ...overrides,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}

/**
 * A fresh database of the test file's own (a copy of the migrated template), with its
 * URL for app processes started by the test; closed with the file (dropped with the run).
 */
export async function createTestDatabase(): Promise<{ url: string; database: Database }> {
  const adminUrl = inject('testAdminUrl');
  const template = inject('testTemplateDatabase');
  const name = `${template.replace('template', 'file')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(template)}`,
  );
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Generous timeouts: tests of other things must not turn into 503s on a busy machine
  // (plugins/database-outage.test.ts tests the real ones).
  const database = connect(url.toString(), {
    max: 5,
    timeouts: { connectMs: 60_000, statementMs: 60_000 },
  });
  return { url: url.toString(), database };
}

/** A signed-in caller: keeps the session cookie like a browser would. */
export class TestUser {
  constructor(
    private readonly app: FastifyInstance,
    public cookie: string | undefined,
    public readonly id: number,
    public readonly username: string,
  ) {}

  request(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject({
      ...options,
      headers: { ...options.headers, ...(this.cookie && { cookie: this.cookie }) },
    });
  }
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === 'pickem_session');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

let userCounter = 0;

/** Registers a new account and returns it signed in. */
export async function registerUser(
  app: FastifyInstance,
  fields: { username?: string; displayName?: string; password?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const username = fields.username ?? `user${userCounter}_${randomBytes(2).toString('hex')}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username,
      displayName: fields.displayName ?? `User ${userCounter}`,
      password: fields.password ?? 'secret-pass',
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ user: { id: number } }>();
  return new TestUser(app, sessionCookieOf(response), body.user.id, username);
}
