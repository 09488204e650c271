import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  spawnServer,
  startServer,
  stopServer,
  type ServerProcess,
} from './server-process';

/**
 * The real server on its own embedded PostgreSQL in a temporary DATA_DIR, the way
 * `npm start` runs it: started, refused a second time, killed with SIGKILL in the middle
 * of a burst of picks, restarted, then stopped with SIGTERM while requests are in flight.
 * The tests run in order on the same folder.
 */

let dataDir: string;
let server: ServerProcess | undefined;

/**
 * These tests are about shutdown and crashes, not overload: on a busy machine a cold pool
 * can take more than the default 3 s to open its connections, which would answer 503.
 */
const start = () =>
  startServer({
    DATA_DIR: dataDir,
    // 'incoming request' lines tell the SIGTERM test its requests have all arrived.
    LOG_LEVEL: 'debug',
    DATABASE_CONNECT_TIMEOUT_MS: '20000',
    DATABASE_STATEMENT_TIMEOUT_MS: '20000',
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickem-fault-'));
  await chmod(dataDir, 0o755); // the postgres user must enter it when we are root
  server = await start();
});

afterAll(async () => {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
});

async function signUp(baseUrl: string, username: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  await client.expect(
    'POST',
    '/api/auth/register',
    { username, displayName: username, password: 'fault-pass' },
    201,
  );
  return client;
}

describe('one server per DATA_DIR', () => {
  it('refuses a second start on the same folder with a clear message, and the first keeps serving', async () => {
    const first = server as ServerProcess;
    const second = await spawnServer({ DATA_DIR: dataDir });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output.join('\n')).toContain(
      `Another Pick'em server (pid ${first.pid}) is already running with DATA_DIR ${dataDir}`,
    );
    expect(first.isRunning()).toBe(true);
    await signUp(first.baseUrl, 'still_serving');
    const again = await fetch(`${first.baseUrl}/api/health/ready`);
    expect(again.status).toBe(200);
  });
});

describe('kill -9 in the middle of a burst of picks', () => {
  it('keeps every acknowledged pick exactly once, with the last acknowledged option', async () => {
    const first = server as ServerProcess;
    const leader = await signUp(first.baseUrl, 'burst_leader');
    const { group } = (await leader.expect(
      'POST',
      '/api/groups',
      { name: 'Burst', activeSports: ['NFL'], invitePermission: 'all' },
      201,
    )) as { group: { id: number; code: string } };
    const propIds: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const prop = (await leader.expect(
        'POST',
        '/api/predictions',
        {
          groupId: group.id,
          sport: 'NFL',
          title: `Burst ${index}`,
          description: 'Who wins?',
          options: ['A', 'B', 'C'],
          gameDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
        201,
      )) as { id: number };
      propIds.push(prop.id);
    }
    const pickers: { client: ApiClient; id: number }[] = [];
    for (let index = 0; index < 12; index += 1) {
      const client = await signUp(first.baseUrl, `picker_${index}`);
      const { user } = (await client.expect(
        'POST',
        '/api/groups/join',
        { code: group.code },
        200,
      )) as { user: { id: number } };
      pickers.push({ client, id: user.id });
    }

    // Per picker and prop: the last option acknowledged, and the one in flight when the
    // process died (it may or may not have committed: nobody was told either way).
    const acknowledged = new Map<string, string>();
    const inFlight = new Map<string, string>();
    let acks = 0;
    let stop = false;
    const burst = pickers.map(async ({ client, id }, pickerIndex) => {
      for (let round = 0; !stop; round += 1) {
        const propId = propIds[(pickerIndex + round) % propIds.length] as number;
        const option = ['A', 'B', 'C'][(pickerIndex + round) % 3] as string;
        const key = `${id}:${propId}`;
        inFlight.set(key, option);
        try {
          const answer = await client.request('POST', '/api/user-predictions', {
            predictionId: propId,
            selectedOption: option,
          });
          if (answer.status === 200 || answer.status === 201) {
            acknowledged.set(key, option);
            acks += 1;
          }
          inFlight.delete(key);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    while (acks < 150) await sleep(10);
    first.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(burst);

    // Logging every request: the SIGTERM test below waits for its requests to arrive.
    server = await start();
    const restarted = server;
    for (const { client, id } of pickers) {
      const fresh = new ApiClient(restarted.baseUrl);
      fresh.cookie = client.cookie;
      const picks = (await fresh.expect(
        'GET',
        `/api/user-predictions/${id}?groupId=${group.id}`,
        undefined,
        200,
      )) as { predictionId: number; selectedOption: string }[];
      const stored = new Map(picks.map((pick) => [`${id}:${pick.predictionId}`, pick]));
      expect(stored.size, 'one pick per prop').toBe(picks.length);
      for (const propId of propIds) {
        const key = `${id}:${propId}`;
        const last = acknowledged.get(key);
        const pending = inFlight.get(key);
        const option = stored.get(key)?.selectedOption;
        if (last === undefined) {
          expect([undefined, pending]).toContain(option);
        } else {
          expect([last, pending].filter(Boolean), key).toContain(option);
        }
      }
    }
    expect(acknowledged.size).toBeGreaterThan(0);
  });
});

describe('SIGTERM with requests in flight', () => {
  it('answers all of them, stops PostgreSQL cleanly, exits 0, and keeps every write', async () => {
    const running = server as ServerProcess;
    const registersBefore = running.output.length;
    // Registering hashes a password (tens of ms of work each): 30 at once stay in flight.
    const names = Array.from({ length: 30 }, (_, index) => `term_${index}`);
    const requests = names.map((name) =>
      new ApiClient(running.baseUrl)
        .request('POST', '/api/auth/register', {
          username: name,
          displayName: name,
          password: 'fault-pass',
        })
        .catch((error: unknown) => ({ status: 0, body: String(error) })),
    );
    // Signalled once the server has received every one of them.
    const arrived = () =>
      running.output
        .slice(registersBefore)
        .filter((line) => line.includes('incoming request') && line.includes('/api/auth/register'))
        .length;
    const deadline = Date.now() + 30_000;
    while (arrived() < names.length && Date.now() < deadline) {
      await sleep(5);
    }
    running.kill('SIGTERM');
    const answers = await Promise.all(requests);
    const refused = answers.find((answer) => answer.status !== 201);
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(refused),
    ).toEqual(names.map(() => 201));
    const { code, signal } = await running.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    // A clean stop removes PostgreSQL's pid file; a crashed one leaves it.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    server = await start();
    for (const name of names) {
      const client = new ApiClient(server.baseUrl);
      await client.expect(
        'POST',
        '/api/auth/login',
        { username: name, password: 'fault-pass' },
        200,
      );
    }
    expect(server.output.join('\n')).not.toContain('left running');
  });
});

describe('SIGTERM while the server is still starting', () => {
  it('is carried out once it has started: PostgreSQL stops cleanly and the process exits 0', async () => {
    await stopServer(server);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(false);
    const starting = await spawnServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_CONNECT_TIMEOUT_MS: '20000',
      DATABASE_STATEMENT_TIMEOUT_MS: '20000',
    });
    server = starting;
    // The embedded PostgreSQL is coming up: the server is inside its start-up.
    const deadline = Date.now() + 60_000;
    while (!existsSync(pidFile) && starting.isRunning() && Date.now() < deadline) {
      await sleep(2);
    }
    expect(existsSync(pidFile)).toBe(true);
    starting.kill('SIGTERM');

    const { code, signal } = await starting.exited;
    expect({ code, signal }, starting.output.join('\n')).toEqual({ code: 0, signal: null });
    expect(starting.output.join('\n')).toContain('SIGTERM received while starting');
    expect(existsSync(pidFile)).toBe(false);

    server = await start();
    expect(server.output.join('\n')).not.toContain('left running');
  });
});
