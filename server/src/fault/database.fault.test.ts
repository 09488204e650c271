import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded-postgres';
import { ensureDatabase } from '../db/open-database';
import { EventStreamReader } from '../test/event-stream';
import { freePort } from '../test/free-port';
import {
  ApiClient,
  startServer,
  stopServer,
  type Answer,
  type ServerProcess,
} from './server-process';

/**
 * The real server on DATABASE_URL, pointing at a PostgreSQL of the test's own (never the
 * shared one on 5432): its connections are terminated under load, then it is stopped for
 * 10 seconds under load and started again on the same port. Then hostile bodies while the
 * liveness probe is timed.
 */

let root: string;
let clusterDir: string;
let clusterPort: number;
let cluster: EmbeddedCluster;
let databaseName: string;
let server: ServerProcess;
let adminUrl: string;

const REQUEST_TIMEOUT_MS = 2_000;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pickem-fault-db-'));
  await chmod(root, 0o755);
  clusterDir = path.join(root, 'pg');
  clusterPort = await freePort();
  cluster = await startEmbeddedPostgres({ clusterDir, port: clusterPort });
  adminUrl = cluster.adminUrl;
  databaseName = 'pickem_fault';
  const url = await ensureDatabase(adminUrl, databaseName);
  server = await startServer({
    DATABASE_URL: url,
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
});

afterAll(async () => {
  await stopServer(server);
  await cluster?.stop();
  await rm(root, { recursive: true, force: true });
});

interface Member {
  client: ApiClient;
  id: number;
}

/** The requests of a test's set-up: a 503 is asked again (ApiClient.expect). */
const SET_UP = { setUp: true };

/** A leader's group with props, and members who joined it. */
async function groupWithMembers(prefix: string, count: number) {
  const register = async (name: string) => {
    const client = new ApiClient(server.baseUrl);
    const { user } = (await client.expect(
      'POST',
      '/api/auth/register',
      { username: name, displayName: name, password: 'fault-pass' },
      201,
      SET_UP,
    )) as { user: { id: number } };
    return { client, id: user.id };
  };
  const leader = await register(`${prefix}_lead`);
  const { group } = (await leader.client.expect(
    'POST',
    '/api/groups',
    { name: prefix, activeSports: ['NFL'], invitePermission: 'all' },
    201,
    SET_UP,
  )) as { group: { id: number; code: string } };
  const propIds: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    const prop = (await leader.client.expect(
      'POST',
      '/api/predictions',
      {
        groupId: group.id,
        sport: 'NFL',
        title: `${prefix} ${index}`,
        description: 'Who wins?',
        options: ['A', 'B'],
        gameDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
      201,
      SET_UP,
    )) as { id: number };
    propIds.push(prop.id);
  }
  const members: Member[] = [];
  for (let index = 0; index < count; index += 1) {
    const member = await register(`${prefix}_${index}`);
    await member.client.expect('POST', '/api/groups/join', { code: group.code }, 200, SET_UP);
    members.push(member);
  }
  return { members, propIds, groupId: group.id };
}

/** Members reading and picking in a loop until stopped; every answer is kept. */
function load(members: Member[], propIds: number[]) {
  const answers: (Answer & { at: number })[] = [];
  let running = true;
  const loops = members.map(async ({ client }, index) => {
    for (let round = 0; running; round += 1) {
      const pick = round % 2 === 1;
      const answer = await client
        .request(
          pick ? 'POST' : 'GET',
          pick ? '/api/user-predictions' : '/api/auth/me',
          pick
            ? { predictionId: propIds[round % propIds.length], selectedOption: 'AB'[index % 2] }
            : undefined,
        )
        .catch((error: unknown) => ({
          status: 0,
          body: String(error),
          contentType: '',
          ms: 0,
        }));
      answers.push({ ...answer, at: Date.now() });
      await sleep(20);
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The server's line for each pooled connection lost (server/src/main.ts). */
const CONNECTION_LOST = 'A database connection was lost';

/** A log line's message (pino writes JSON lines), or the line itself. */
function messageOf(line: string): string {
  try {
    const { msg } = JSON.parse(line) as { msg?: unknown };
    return typeof msg === 'string' ? msg : line;
  } catch {
    return line;
  }
}

function expectNoFailureButUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    expect([200, 201, 503], JSON.stringify(answer)).toContain(answer.status);
    expect(answer.contentType).toContain('application/json');
  }
}

describe('database connections terminated under load', () => {
  it('keeps the app up, answers 503 at worst, and recovers at once', async () => {
    const { members, propIds } = await groupWithMembers('term', 6);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const traffic = load(members, propIds);
    let terminated = 0;
    for (let round = 0; round < 12; round += 1) {
      await sleep(250);
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
      terminated += rowCount ?? 0;
    }
    await admin.end();
    await sleep(500);
    const settled = Date.now();
    // At least 1.5 s of traffic after settling, and more than ten answers in it, however
    // slowly a busy machine answers them.
    await sleep(1_500);
    await vi.waitUntil(() => traffic.answers.filter((answer) => answer.at > settled).length > 10, {
      timeout: 60_000,
      interval: 100,
    });
    await traffic.stop();

    expect(terminated).toBeGreaterThan(0);
    expect(server.isRunning()).toBe(true);
    expectNoFailureButUnavailable(traffic.answers);
    const afterwards = traffic.answers.filter((answer) => answer.at > settled);
    expect(afterwards.length).toBeGreaterThan(10);
    expect(afterwards.every((answer) => answer.status < 300)).toBe(true);
  });
});

describe('the database stopped for 10 seconds under load', () => {
  it('answers 503 with JSON in bounded time, logs a bounded number of lines, serves within 5 s of its return', async () => {
    const { members, propIds, groupId } = await groupWithMembers('outage', 6);
    const pid = server.pid;
    // An open live page keeps the live connection and the every-second lock sweep busy.
    const live = await EventStreamReader.open(`${server.baseUrl}/api/groups/${groupId}/events`, {
      cookie: (members[0] as Member).client.cookie,
    });
    expect(live.status).toBe(200);
    const linesBefore = server.output.length;
    const traffic = load(members, propIds);
    await sleep(500);
    await cluster.stop();
    const stoppedAt = Date.now();
    await sleep(10_000);
    cluster = await startEmbeddedPostgres({ clusterDir, port: clusterPort });
    const backAt = Date.now();
    const probe = new ApiClient(server.baseUrl);
    probe.cookie = (members[0] as Member).client.cookie;
    let servingAt = 0;
    while (Date.now() - backAt < 10_000) {
      if ((await probe.request('GET', '/api/auth/me')).status === 200) {
        servingAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await sleep(500);
    await traffic.stop();
    live.close();

    expect(servingAt - backAt).toBeGreaterThan(0);
    expect(servingAt - backAt).toBeLessThan(5_000);
    expect(server.isRunning()).toBe(true);
    expect(server.pid).toBe(pid);
    expectNoFailureButUnavailable(traffic.answers);
    const during = traffic.answers.filter((a) => a.at > stoppedAt + 500 && a.at < backAt);
    expect(during.length).toBeGreaterThan(20);
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(5_000);
    }
    // The recovery line is written when the first query after the return succeeds; the
    // server's output reaches this process through a pipe, so give it a moment to arrive.
    const recoveryLogged = Date.now();
    while (
      Date.now() - recoveryLogged < 5_000 &&
      !server.output.slice(linesBefore).some((line) => line.includes('Database available again'))
    ) {
      await sleep(100);
    }
    // One line when it starts, one when it ends, at most one per pooled connection lost,
    // and each background task's trouble (the live connection, the events' sequencer, the
    // lock sweep) once when it begins and once when it ends: no line a second.
    const logged = server.output.slice(linesBefore).filter((line) => line.trim() !== '');
    const messages = logged.map(messageOf);
    const POOL_SIZE = 10;
    expect(
      messages.filter((message) => message.startsWith(CONNECTION_LOST)).length,
    ).toBeLessThanOrEqual(POOL_SIZE);
    const repeated = messages.filter(
      (message, index) => !message.startsWith(CONNECTION_LOST) && messages.indexOf(message) < index,
    );
    expect(repeated, logged.join('\n')).toEqual([]);
    expect(logged.some((line) => line.includes('Database unavailable'))).toBe(true);
    expect(logged.some((line) => line.includes('Database available again'))).toBe(true);
  });
});

/** Sends a body and resolves with the status, whatever the server did to the socket. */
function sendBody(url: string, body: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

describe('deep and huge bodies', () => {
  it('are answered 4xx, and /api/health/live stays under 50 ms while they are sent', async () => {
    const url = `${server.baseUrl}/api/auth/login`;
    const deep = `{"username":${'['.repeat(8_000)}1${']'.repeat(8_000)}}`;
    const huge = Buffer.alloc(2 * 1024 * 1024, 'a');
    // The same probe with nothing else going on: on a machine busy with other work the
    // bound is 50 ms above what the probe costs anyway.
    const baselineAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const baseline: number[] = [];
    for (let probe = 0; probe < 30; probe += 1) {
      const started = performance.now();
      await new Promise<void>((resolve) => {
        http
          .get(`${server.baseUrl}/api/health/live`, { agent: baselineAgent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          })
          .on('error', () => resolve());
      });
      baseline.push(performance.now() - started);
      await sleep(20);
    }
    baselineAgent.destroy();
    let sending = true;
    const statuses: number[] = [];
    const senders = Array.from({ length: 6 }, async (_, index) => {
      while (sending) statuses.push(await sendBody(url, index < 5 ? deep : huge));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const probeLive = async () => {
      const started = performance.now();
      const status = await new Promise<number>((resolve) => {
        http
          .get(`${server.baseUrl}/api/health/live`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          })
          .on('error', () => resolve(0));
      });
      expect(status).toBe(200);
      return performance.now() - started;
    };
    await sleep(100);
    // Sixty probes, and more while fewer than 17 bodies have been answered (a busy machine
    // answers them slowly): the bodies must be arriving while the probes are timed.
    const probeTimes: number[] = [];
    const deadline = Date.now() + 60_000;
    while (probeTimes.length < 60 || (statuses.length <= 16 && Date.now() < deadline)) {
      probeTimes.push(await probeLive());
      await sleep(20);
    }
    sending = false;
    await Promise.all(senders);
    agent.destroy();

    expect(statuses.length).toBeGreaterThan(16);
    // 400 for depth, 413 for size; 0 only when the server cut a huge upload short after
    // answering 413 (the client may see the reset before the answer).
    expect(statuses.filter((status) => status !== 400 && status !== 413 && status !== 0)).toEqual(
      [],
    );
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(10);
    // The median: one hostile body that held the event loop would put nearly every probe
    // far above 50 ms (a body parsed 8,000 levels deep took 300 ms), while a machine busy
    // with other work only adds scattered slow probes, which the baseline shows.
    const median = (times: number[]) =>
      [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)] as number;
    expect(
      median(probeTimes),
      `liveness probe times (ms) ${probeTimes.map(Math.round).join(', ')}; baseline ${baseline.map(Math.round).join(', ')}`,
    ).toBeLessThan(50);
  });

  it('keeps an idle connection open for the next request, as its Keep-Alive header says', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; keepAlive: string | undefined; socket: unknown }>(
        (resolve, reject) => {
          const request = http.get(`${server.baseUrl}/api/health/live`, { agent }, (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                keepAlive: response.headers['keep-alive'] as string | undefined,
                socket: request.socket,
              }),
            );
          });
          request.on('error', reject);
        },
      );
    const first = await get();
    // Longer than Node's default keep-alive timeout (5 s), which closed such connections.
    await sleep(6_000);
    const second = await get();
    agent.destroy();
    expect(first).toMatchObject({ status: 200, keepAlive: 'timeout=72' });
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
  });

  it('cuts off a body trickled one byte at a time', async () => {
    const { port } = new URL(server.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.on('error', () => undefined);
    const started = Date.now();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => socket.writable && socket.write('a'), 300);
    const closedAt = await closed;
    clearInterval(trickle);
    expect(closedAt - started).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
