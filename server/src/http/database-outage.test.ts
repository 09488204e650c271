import net from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { connect } from '../db/client';
import { rateLimits } from '../db/schema';
import { createTestApp } from '../test/test-app';
import { deleteExpiredRateLimits } from '../plugins/rate-limit';

/**
 * A switch between the app and its PostgreSQL: while off it refuses connections and cuts
 * the open ones, as a stopped or restarting database does. (The fault suite stops a real
 * PostgreSQL; this keeps the log and recovery rules quick to check on every run.)
 */
async function databaseSwitch(target: URL) {
  let on = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!on) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    off() {
      on = false;
      for (const socket of sockets) socket.destroy();
    },
    on() {
      on = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const { database: testDatabase } = await createTestApp();
const testUrl = new URL(
  (testDatabase.pool.options as { connectionString: string }).connectionString,
);
const dbSwitch = await databaseSwitch(testUrl);
const viaSwitch = new URL(testUrl);
viaSwitch.host = `127.0.0.1:${dbSwitch.port}`;

const logLines: { level: number; msg: string; answered503?: number }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      logLines.push(JSON.parse(line));
    done();
  },
});
const database = connect(viaSwitch.toString(), {
  max: 4,
  timeouts: { connectMs: 1_000, statementMs: 2_000 },
});
const app = await buildApp({ db: database.db, logger: { level: 'info', stream: logStream } });
afterAll(async () => {
  await app.close();
  await database.close();
  await dbSwitch.close();
});

const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'nobody', password: 'x' },
  });
const warnings = () => logLines.filter((line) => line.level >= 40);

describe('a database outage', () => {
  it('answers 503 with JSON and Retry-After, logs once when it starts and once when it ends', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(401);

    dbSwitch.off();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => login()));
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().message).toMatch(/briefly unavailable/);
    }
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({
      status: 'ok',
    });
    expect(warnings().filter((line) => line.msg.startsWith('Database unavailable'))).toHaveLength(
      1,
    );

    dbSwitch.on();
    const back = Date.now();
    await expect.poll(async () => (await login()).statusCode, { timeout: 5_000 }).toBe(401);
    expect(Date.now() - back).toBeLessThan(5_000);
    // A busy machine (npm test runs the suites side by side) may log it a moment later.
    await expect
      .poll(() => warnings().filter((line) => line.msg.startsWith('Database available again')), {
        timeout: 5_000,
      })
      .toHaveLength(1);
    const ended = warnings().find((line) => line.msg.startsWith('Database available again'));
    expect(ended?.answered503).toBeGreaterThanOrEqual(40);
    // Per outage: the start, the end, and at most one line per pooled connection lost.
    expect(warnings().length).toBeLessThanOrEqual(2 + 4);
    expect(app.databaseOutage.isOngoing).toBe(false);
  });
});

describe('rate-limit windows', () => {
  it('are pruned once they have run out, and only then', async () => {
    const db = testDatabase.db;
    await db.insert(rateLimits).values([
      { key: 'test:expired', count: 3, resetAt: new Date(Date.now() - 1_000) },
      { key: 'test:running', count: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await deleteExpiredRateLimits(db)).toBeGreaterThanOrEqual(1);
    const keys = (await db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('test:running');
    expect(keys).not.toContain('test:expired');
  });
});

describe('a connection terminated while a transaction holds it', () => {
  it('does not crash the process: the request fails, the pool replaces the connection', async () => {
    const admin = new pg.Client({ connectionString: inject('testAdminUrl') });
    await admin.connect();
    try {
      const own = testDatabase.db;
      const crashed: unknown[] = [];
      const onUncaught = (error: unknown) => crashed.push(error);
      process.on('uncaughtException', onUncaught);
      const transaction = own.transaction(async (tx) => {
        const [row] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
        await admin.query('select pg_terminate_backend($1)', [row?.pid]);
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      process.off('uncaughtException', onUncaught);
      expect(crashed).toEqual([]);
      expect((await own.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
