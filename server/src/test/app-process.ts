import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { waitForHealth } from '../../../scripts/wait-for-health.mjs';
import { freePort } from './free-port';
import { testServerEntry } from './server-bundle';
import { createTestDatabase } from './test-app';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The real server (this run's bundle of it, as `npm start` runs it) as a process of its
 * own on 127.0.0.1, for tests that need several instances on one database, restarts and
 * crashes.
 */
export class AppProcess {
  private exited: Promise<number | null>;
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly origin: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  static async start(env: Record<string, string>): Promise<AppProcess> {
    const port = await freePort();
    // Node itself runs the bundle: stop() and crash() reach the server itself.
    const child = spawn(process.execPath, ['--enable-source-maps', testServerEntry()], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SERVE_CLIENT: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        MASTER_PROPS_EXAMPLES: 'false',
        AUTH_ATTEMPTS_PER_MINUTE: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const app = new AppProcess(child, `http://127.0.0.1:${port}`);
    await waitForHealth(app.origin, {
      hasExited: () => child.exitCode !== null || child.signalCode !== null,
      output: () => app.output,
    });
    return app;
  }

  /** What the process printed (for a failing test's message). */
  get log() {
    return this.output;
  }

  /** A graceful stop (SIGTERM: the app closes, its job queue with it). */
  async stop() {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }

  /** A crash: no shutdown at all. */
  async crash() {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** A signed-in HTTP client of an app process (keeps the session cookie). */
export class HttpUser {
  constructor(
    readonly id: number,
    private cookie: string,
  ) {}

  /** The Cookie header this user sends (for streams opened by hand). */
  get cookieHeader() {
    return this.cookie;
  }

  static async register(origin: string, displayName: string): Promise<HttpUser> {
    const username = `p${Math.random().toString(36).slice(2, 10)}`;
    const response = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, displayName, password: 'secret-pass' }),
    });
    if (response.status !== 201) throw new Error(`register: ${response.status}`);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { user } = (await response.json()) as { user: { id: number } };
    return new HttpUser(user.id, cookie);
  }

  async call(origin: string, method: string, url: string, body?: unknown) {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
}

/**
 * Two app processes on one fresh test database (what several instances behind a load
 * balancer share), started before a file's tests and stopped after them; `beforeStop`
 * closes what the tests left open. The returned object's fields are set once started.
 */
export function twoAppProcesses(beforeStop: () => void = () => undefined): {
  first: AppProcess;
  second: AppProcess;
} {
  const apps = {} as { first: AppProcess; second: AppProcess };
  let database: Database | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    database = created.database;
    [apps.first, apps.second] = await Promise.all([
      AppProcess.start({ DATABASE_URL: created.url }),
      AppProcess.start({ DATABASE_URL: created.url }),
    ]);
  }, 120_000);
  afterAll(async () => {
    beforeStop();
    await Promise.all([apps.first?.stop(), apps.second?.stop()]);
    await database?.close();
  });
  return apps;
}
