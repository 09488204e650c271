import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/test/free-port';
import { waitForHealth } from '../wait-for-health.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface AppProcess {
  pid: number;
  baseUrl: string;
  /** The kernel's peak resident set size of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** `node scripts/build.mjs --if-stale`: the bench measures what `npm start` serves. */
export function buildIfStale(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The build failed');
}

/**
 * The built server (dist/server/main.js, as `npm start` runs it) on a free port of
 * 127.0.0.1 against the seeded database, in production mode with its default logging
 * (one line per request, as deployed), kept in memory only for an error report.
 */
export async function startApp(databaseUrl: string): Promise<AppProcess> {
  const port = await freePort();
  // BENCH_CPU_PROF=dir: the server writes a CPU profile of its whole run there (DevTools
  // opens it), for finding where a scenario's time goes.
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      MASTER_PROPS_EXAMPLES: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      tail.push(chunk.toString());
      if (tail.length > 40) tail.shift();
    });
  }
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, {
      hasExited: () => exited,
      output: () => tail.join(''),
      timeoutMs: 120_000,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid ?? -1;
  return {
    pid,
    baseUrl,
    peakRssMb: () => statusKb(pid, 'VmHWM') / 1024,
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(force);
    },
  };
}

/** A field of /proc/PID/status in kB (Linux); 0 where there is no /proc. */
function statusKb(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
