// `npm run lighthouse`: Lighthouse's mobile performance audit of the built app, the way a
// phone meets it cold (simulated Slow 4G, 4x slower CPU, empty cache), on `/` as a visitor
// and on a group page signed in (the session cookie sent with every request), plus `/` on
// DevTools' Fast 3G applied to the real load (the issue's peer comparison). `--runs N`
// repeats them, `--reports DIR` keeps each run's JSON report. Builds when stale, starts `node
// dist/server/main.js` on a throwaway database (a new database on DATABASE_URL's server,
// dropped afterwards, or the embedded PostgreSQL in a temporary folder), seeds a user and a
// group through the API, and prints the scores. Heavy: run it alone.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { waitForHealth } from './wait-for-health.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/**
 * Chrome DevTools' "Fast 3G" preset (the issue's peer comparison): 562.5 ms added to every
 * request and 1,474.56 kbit/s down, applied by DevTools while the page loads (not simulated),
 * with Lighthouse's 4x CPU. These are Lighthouse's own `mobileSlow4G` DevTools values: its
 * simulation models the same network as a 150 ms round trip (the default runs above), and
 * feeding 562.5 ms to the simulation as a round trip, as this script once did, modelled a
 * network 3.75 times slower than Fast 3G (decision 0014).
 */
const FAST_3G = {
  throttlingMethod: 'devtools',
  throttling: {
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1474.56,
    uploadThroughputKbps: 675,
    cpuSlowdownMultiplier: 4,
  },
};

/**
 * `--runs N`: each page N times (scores move with the machine's load); `--reports DIR`:
 * Lighthouse's JSON of each run, and its trace with `--traces` (the main thread's tasks, for
 * finding what blocks it); `--only TEXT`: only the pages whose name contains TEXT ("group").
 */
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const ROUNDS = Number(option('--runs') ?? 1);
const REPORTS = option('--reports');
const TRACES = process.argv.includes('--traces');
const ONLY = option('--only');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--runs takes a whole number');

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const database = await throwawayDatabase();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  ...database.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // The prebuilt group gets the example master props, so its page has props to show.
  MASTER_PROPS_EXAMPLES: 'true',
};
if (!database.env.DATABASE_URL) delete serverEnv.DATABASE_URL;
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: serverEnv,
});

let chrome;
try {
  await waitForHealth(url, {
    hasExited: () => server.exitCode !== null || server.signalCode !== null,
    timeoutMs: 90_000,
  });
  const { cookie, groupId } = await seed();
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const runs = [
    { name: '/ (visitor)', path: '/' },
    { name: `/group/${groupId} (signed in)`, path: `/group/${groupId}`, headers: { cookie } },
    { name: '/ (visitor) on Fast 3G, applied', path: '/', settings: FAST_3G },
  ];
  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const run of runs.filter(({ name }) => !ONLY || name.includes(ONLY))) {
      results.push({ name: run.name, ...(await audit(chrome.port, run, round)) });
    }
  }
  printTable(results);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
}

async function audit(chromePort, { name, path: pagePath, headers, settings }, round) {
  const result = await lighthouse(
    `${url}${pagePath}`,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: headers,
      ...settings,
    },
    undefined,
  );
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    const file = `${round}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`;
    await writeFile(path.join(REPORTS, file), result.report);
    if (TRACES) {
      const trace = JSON.stringify(result.artifacts.Trace);
      await writeFile(path.join(REPORTS, file.replace(/\.json$/, '.trace.json')), trace);
    }
  }
  const { categories, audits, runtimeError } = result.lhr;
  const load = os.loadavg()[0];
  // Now and then a run loses its trace (NO_NAVSTART on a loaded machine): shown, not scored.
  if (runtimeError) return { error: runtimeError.code, load };
  const scriptBytes = (audits['network-requests'].details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    si: audits['speed-index'].numericValue,
    scriptKb: scriptBytes / 1024,
    load,
  };
}

function printTable(results) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    '\n| Page | Performance | FCP | LCP | TBT | CLS | Speed Index | JS on the wire | Load average (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    if (r.error) {
      console.log(`| ${r.name} | failed: ${r.error} | | | | | | | ${r.load.toFixed(1)} |`);
      continue;
    }
    console.log(
      `| ${r.name} | ${r.score} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${seconds(r.si)} | ${r.scriptKb.toFixed(1)} KB | ${r.load.toFixed(1)} |`,
    );
  }
}

/** A user (the first account: the operator) who leads a prebuilt group with props and picks. */
async function seed() {
  const post = async (pathname, body, cookie) => {
    const response = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return response;
  };
  const registered = await post('/api/auth/register', {
    displayName: 'Lighthouse',
    username: 'lighthouse',
    password: 'lighthouse-pass',
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const group = await (await post('/api/groups', { name: 'Lighthouse Pool' }, cookie)).json();
  const groupId = group.id ?? group.group?.id;
  if (!groupId) throw new Error(`No group id in ${JSON.stringify(group)}`);
  // A group page with a sheet to pick from: the sample props of one game.
  const generated = await post(
    `/api/groups/${groupId}/generate-props`,
    { game: { sport: 'NFL', away: 'Bills', home: 'Jets' } },
    cookie,
  );
  console.log(`Seeded a group of ${(await generated.json()).count} props.`);
  return { cookie, groupId };
}

async function throwawayDatabase() {
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    const name = `pickem_lighthouse_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: databaseUrl.toString() },
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickem-lighthouse-'));
  // mkdtemp makes the folder 700: run as root, the embedded PostgreSQL runs as `postgres`,
  // which must be able to enter it to create its data folder inside.
  await chmod(dataDir, 0o755);
  return {
    env: { DATA_DIR: dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}
