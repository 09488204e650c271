import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect } from '../../server/src/db/client';
import {
  computeStandings,
  storedStandings,
} from '../../server/src/modules/standings/rebuild-standings';
import { buildIfStale, startApp } from './app-process';
import { writeExplainNotes } from './explain';
import {
  judge,
  loadAverage,
  machineDescription,
  markdownReport,
  printChecks,
  printSuite,
  type BenchReport,
  type SuiteResult,
} from './report';
import type { Measurement, Scenario } from './scenario';
import { BASELINE, GROWTH_SCENARIOS, scenarios } from './scenarios';
import { BIG_MEMBERS, seed } from './seed';
import { createThrowawayDatabase } from './throwaway-database';

const HELP = `npm run bench [-- options]

Seeds a throwaway database (a fresh one on DATABASE_URL's server, or the embedded
PostgreSQL in a temporary folder when DATABASE_URL is unset), starts the built app on it and
measures every scenario of scripts/bench/scenarios.ts; then the leaderboard and home cards
again on a database with a tenth (or ten times) the picks. Results: the console,
bench-results/latest.json and bench-results/latest.md.

  --picks N          picks in the 1,000-member group (default 300000; 30000 for the small run)
  --duration S       seconds per scenario (default 5)
  --connections N    concurrent connections (default 50)
  --only a,b         only these scenarios (the baseline always runs): ${scenarios.map((s) => s.name).join(', ')}
  --no-growth        skip the second database (the growth check)
  --explain          seed, then write EXPLAIN (ANALYZE, BUFFERS) of every statement of the
                     hot requests to docs/bench/explain.md; no load
  --serve            seed, start the built app and keep it running (for profiling by hand)
                     until Ctrl+C; prints its address and a signed-in member's cookie
`;

const root = fileURLToPath(new URL('../..', import.meta.url));
const DEFAULT_PICKS = 300_000;
const SMALL_PICKS = 30_000;

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()?.()
      .catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function main() {
  const { values } = parseArgs({
    options: {
      picks: { type: 'string', default: String(DEFAULT_PICKS) },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      only: { type: 'string' },
      'no-growth': { type: 'boolean', default: false },
      explain: { type: 'boolean', default: false },
      serve: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const picks = positive(values.picks, '--picks');
  const durationSeconds = positive(values.duration, '--duration');
  const connections = positive(values.connections, '--connections');
  const databaseUrl = process.env.DATABASE_URL || undefined;

  if (values.explain) {
    await explainOnly(databaseUrl, picks);
    return;
  }
  if (values.serve) {
    await serve(databaseUrl, picks);
    return;
  }

  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !scenarios.some((s) => s.name === name)) ?? [];
  if (unknown.length) throw new Error(`Unknown scenario ${unknown.join(', ')}; see --help`);
  const selected = scenarios.filter((s) => s.name === BASELINE || !only || only.includes(s.name));

  buildIfStale();
  const loadAtStart = loadAverage();
  const settings = { databaseUrl, connections, durationSeconds };
  const main = await runSuite(picks, selected, settings);
  const growth = values['no-growth']
    ? undefined
    : await runSuite(
        picks === SMALL_PICKS ? DEFAULT_PICKS : SMALL_PICKS,
        scenarios.filter((s) => s.name === BASELINE || GROWTH_SCENARIOS.includes(s.name)),
        settings,
      );

  const report: BenchReport = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: machineDescription(),
    load: { start: loadAtStart, end: loadAverage() },
    node: process.version,
    connections,
    durationSeconds,
    main,
    growth,
    checks: judge(main, growth),
  };
  printChecks(report.checks);
  const outDir = `${root}bench-results`;
  await mkdir(outDir, { recursive: true });
  await writeFile(`${outDir}/latest.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${outDir}/latest.md`, `${markdownReport(report)}\n`);
  console.log('\nWritten: bench-results/latest.json, bench-results/latest.md');
}

interface Settings {
  databaseUrl: string | undefined;
  connections: number;
  durationSeconds: number;
}

async function runSuite(picks: number, selected: Scenario[], settings: Settings) {
  console.log(`\n== ${picks.toLocaleString('en-US')} picks in the ${BIG_MEMBERS}-member group ==`);
  const database = await createThrowawayDatabase(settings.databaseUrl, String(picks));
  cleanups.push(() => database.drop());
  const seeded = await seed(database.url, picks);
  console.log(
    `Seeded ${seeded.picks.toLocaleString('en-US')} picks on ${database.description} in ` +
      `${(seeded.seedMs / 1000).toFixed(1)} s; standings rebuilt in ${(seeded.rebuildMs / 1000).toFixed(1)} s`,
  );
  const app = await startApp(database.url);
  cleanups.push(() => app.stop());
  const measurements: Measurement[] = [];
  for (const scenario of selected) {
    process.stdout.write(`  ${scenario.label} ... `);
    const measurement = await scenario.run({
      baseUrl: app.baseUrl,
      seeded,
      serverPeakRssMb: () => app.peakRssMb(),
      ...settings,
    });
    measurements.push(measurement);
    console.log(
      measurement.callsMs
        ? `${measurement.callsMs.join(' / ')} ms`
        : `${measurement.reqPerSec} req/s, p99 ${measurement.p99Ms} ms`,
    );
  }
  const peakRssMb = app.peakRssMb();
  await cleanups.pop()?.();
  const suite: SuiteResult = {
    picks: seeded.picks,
    bigGroupPicks: seeded.bigProps * BIG_MEMBERS,
    database: database.description,
    seedMs: seeded.seedMs,
    rebuildMs: seeded.rebuildMs,
    measurements,
    peakRssMb,
    standingsConsistent: await standingsMatchRebuild(database.url),
  };
  await cleanups.pop()?.();
  printSuite(suite);
  return suite;
}

/** The writes of the run went through the triggers: their standings must equal the oracle's. */
async function standingsMatchRebuild(url: string): Promise<boolean> {
  const database = connect(url, { max: 1, timeouts: { connectMs: 30_000, statementMs: 600_000 } });
  try {
    const [computed, stored] = [
      await computeStandings(database.db),
      await storedStandings(database.db),
    ];
    return JSON.stringify(computed) === JSON.stringify(stored);
  } finally {
    await database.close();
  }
}

async function explainOnly(databaseUrl: string | undefined, picks: number) {
  const database = await createThrowawayDatabase(databaseUrl, `explain${picks}`);
  cleanups.push(() => database.drop());
  const seeded = await seed(database.url, picks);
  const file = await writeExplainNotes(database.url, seeded, database.description);
  console.log(`Written: ${file}`);
  await cleanUp();
}

async function serve(databaseUrl: string | undefined, picks: number) {
  buildIfStale();
  const database = await createThrowawayDatabase(databaseUrl, `serve${picks}`);
  cleanups.push(() => database.drop());
  const seeded = await seed(database.url, picks);
  const app = await startApp(database.url);
  cleanups.push(() => app.stop());
  const member = seeded.members[0];
  console.log(
    `Serving ${app.baseUrl} (pid ${app.pid}) on ${database.url}\n` +
      `Member ${member?.id}: cookie ${member?.cookie}\nOperator: cookie ${seeded.operator.cookie}\n` +
      'Ctrl+C stops it and drops the database.',
  );
  await new Promise(() => undefined);
}

function positive(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
