import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../../server/src/db/open-database';
import { freePort } from '../../server/src/test/free-port';
import { waitForHealth } from '../../scripts/wait-for-health.mjs';
import { OPERATOR } from './operator';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'main.js');
const FIXTURES = path.join(ROOT, 'e2e', 'fixtures');

/** The e2e server's DONATE_URL: the Donate button and dialog exist; tests never follow it. */
export const E2E_DONATE_URL = 'https://example.org/donate';

export interface AppServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The built server (`npm run build`) on a fresh database of its own, on the PostgreSQL
 * that e2e/global-setup.ts provides, with the operator registered first (the first
 * account is the operator). Each Playwright worker runs one, so workers share nothing.
 */
export async function startAppServer(
  name: string,
  options: { smtpUrl?: string; scoresFeedUrl?: string } = {},
): Promise<AppServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` before the browser tests`);
  }
  const adminUrl = process.env.PICKEM_E2E_ADMIN_URL;
  const runId = process.env.PICKEM_E2E_RUN_ID;
  if (!adminUrl || !runId) throw new Error('e2e/global-setup.ts has not run');

  const database = `pickem_e2e_${runId}_${name}`;
  await dropDatabase(adminUrl, database);
  const databaseUrl = await ensureDatabase(adminUrl, database);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every test signs people up and in from 127.0.0.1.
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      DONATE_URL: E2E_DONATE_URL,
      // E-mail on, to the worker's own SMTP server (test.ts 'mailbox').
      ...(options.smtpUrl && { SMTP_URL: options.smtpUrl, PUBLIC_URL: url }),
      // The worker's own scores feed on 127.0.0.1 (test.ts 'scoresFeed'), never ESPN's.
      ...(options.scoresFeedUrl
        ? { SCORES_FEED_URL: options.scoresFeedUrl, SCORES_FEED_TIMEOUT_MS: '2000' }
        : { SCORES_FEED: 'off' }),
      // The operator's sheets for the admin panel's Sync (games in 2030 so they stay
      // upcoming). With sources set, the example sheets are not loaded.
      MASTER_PROPS_SOURCE_NFL: path.join(FIXTURES, 'master-props-nfl.csv'),
      MASTER_PROPS_SOURCE_NCAAF: path.join(FIXTURES, 'master-props-ncaaf.csv'),
    },
  });

  const stop = async () => {
    await stopProcess(child);
    await dropDatabase(adminUrl, database);
  };
  try {
    await waitForHealth(url, {
      hasExited: () => child.exitCode !== null || child.signalCode !== null,
    });
    await registerOperator(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function registerOperator(url: string) {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  const body = (await response.json()) as { user?: { isAdmin: boolean } };
  if (response.status !== 201 || !body.user?.isAdmin) {
    throw new Error(`The operator account could not be created first: ${response.status}`);
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  } finally {
    await admin.end();
  }
}
