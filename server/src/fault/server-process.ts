import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForHealth } from '../../../scripts/wait-for-health.mjs';
import { freePort } from '../test/free-port';
import { testServerEntry } from '../test/server-bundle';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** Every line the process wrote to stdout and stderr so far. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  isRunning(): boolean;
}

/**
 * The real server (this run's bundle of it, as `npm start` runs it) as a child process on a
 * random port on 127.0.0.1, with DATA_DIR (its own embedded PostgreSQL) or DATABASE_URL.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // Node itself runs the bundle, so a SIGKILL hits the server (no wrapper in between).
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', testServerEntry()], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_CLIENT: 'false',
      MASTER_PROPS_EXAMPLES: 'false',
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      output.push(...lines);
    });
  }
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  return {
    pid: child.pid ?? -1,
    baseUrl: `http://127.0.0.1:${port}`,
    output,
    exited,
    kill: (signal) => child.kill(signal),
    isRunning: () => running,
  };
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  try {
    await waitForHealth(server.baseUrl, {
      hasExited: () => !server.isRunning(),
      output: () => server.output.join('\n'),
      timeoutMs: 90_000,
    });
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return server;
}

/** Stops a server still running at the end of a test, however it went. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server?.isRunning()) return;
  server.kill('SIGTERM');
  const timeout = setTimeout(() => server.kill('SIGKILL'), 20_000);
  await server.exited;
  clearTimeout(timeout);
}

export interface Answer {
  status: number;
  body: unknown;
  contentType: string;
  ms: number;
}

/** A caller that keeps its session cookie, like a browser. */
export class ApiClient {
  cookie = '';

  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    const session = setCookie && /pickem_session=([^;]*)/.exec(setCookie);
    if (session) this.cookie = `pickem_session=${session[1]}`;
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      body: text && contentType.includes('json') ? JSON.parse(text) : text,
      contentType,
      ms: performance.now() - started,
    };
  }

  /**
   * The answer's body; anything but `status` fails. With `setUp` (a request that prepares a
   * test rather than tests it), a 503 is asked again, four times at most: the server's
   * bounded wait for a database connection (DATABASE_CONNECT_TIMEOUT_MS) can run out on a
   * machine busy with the rest of the suite.
   */
  async expect(
    method: string,
    path: string,
    body: unknown,
    status: number,
    { setUp = false } = {},
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await this.request(method, path, body);
      if (answer.status === status) return answer.body;
      if (!setUp || answer.status !== 503 || attempt === 5) {
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      await sleep(500);
    }
  }
}
