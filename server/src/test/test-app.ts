import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { connect, type Database, type Db } from '../db/client';
import { seedGroup } from './group-fixtures';

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
  // (http/database-outage.test.ts tests the real ones).
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

/** A leader with a group made through the API, and a member who joined it with the code. */
export async function groupWithMember(
  app: FastifyInstance,
  settings: Record<string, unknown> = {},
): Promise<{ leader: TestUser; member: TestUser; groupId: number; code: string }> {
  const leader = await registerUser(app, { displayName: 'Lead' });
  const member = await registerUser(app, { displayName: 'Mem' });
  const created = await leader.request({
    method: 'POST',
    url: '/api/groups',
    payload: { name: 'Sunday Pool', ...settings },
  });
  if (created.statusCode !== 201) {
    throw new Error(`group not created: ${created.statusCode} ${created.body}`);
  }
  const { id, code } = created.json<{ group: { id: number; code: string } }>().group;
  const joined = await member.request({
    method: 'POST',
    url: '/api/groups/join',
    payload: { code },
  });
  if (joined.statusCode !== 200)
    throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  return { leader, member, groupId: id, code };
}

/** The competition tests' group: Sam leads (and plays), Ann and Bo play. */
export async function seedCrew(app: FastifyInstance, db: Db) {
  const sam = await registerUser(app, { displayName: 'Sam' });
  const ann = await registerUser(app, { displayName: 'Ann' });
  const bo = await registerUser(app, { displayName: 'Bo' });
  const group = await seedGroup(db, { leaderId: sam.id, memberIds: [ann.id, bo.id] });
  return { sam, ann, bo, group };
}
