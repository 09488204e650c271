import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './support/test';
import { ensureDatabase } from '../server/src/db/open-database';
import { freePort } from '../server/src/test/free-port';
import { dropDatabase } from './support/app-server';

/**
 * The README's first command as a process manager runs it: `npm start`, then SIGTERM to
 * npm (a container stop, systemd, a supervisor). npm hands the signal to the script's
 * shell; the script must make the server that process (`exec`), or the shell dies and the
 * server is orphaned, still serving, never shutting down cleanly. Like every browser test
 * it needs the build to be current (`npm run test:e2e` and `npm test` build first), or
 * `npm start` would rebuild under the other workers' servers.
 */
test('npm start stops cleanly on SIGTERM sent to npm', async () => {
  test.setTimeout(120_000);
  const adminUrl = process.env.PICKEM_E2E_ADMIN_URL;
  const runId = process.env.PICKEM_E2E_RUN_ID;
  if (!adminUrl || !runId) throw new Error('e2e/global-setup.ts has not run');
  const database = `pickem_e2e_${runId}_npm_start`;
  await dropDatabase(adminUrl, database);
  const databaseUrl = await ensureDatabase(adminUrl, database);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  let output = '';
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that the finally below also ends a server left
    // orphaned by a failing run.
    detached: true,
  });
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    await expect
      .poll(async () => (await fetch(`${url}/api/health`).catch(() => null))?.status, {
        timeout: 90_000,
      })
      .toBe(200);

    npm.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('Stopped cleanly');
    // The server went with npm: nothing answers on its port any more.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  } finally {
    try {
      process.kill(-(npm.pid ?? 0), 'SIGKILL');
    } catch {
      // The whole group has exited, as it should.
    }
    await dropDatabase(adminUrl, database).catch(() => undefined);
  }
});
