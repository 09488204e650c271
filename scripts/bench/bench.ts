import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect } from '../../server/src/db/client';
import {
  computeStandings,
  storedStandings,
} from '../../server/src/modules/standings/expected-standings';
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
  type GrowthComparison,
  type SuiteResult,
} from './report';
import type { Measurement, Scenario } from './scenario';
import { BASELINE, GROWTH_SCENARIOS, scenarios } from './scenarios';
import { BIG_MEMBERS, seed } from './seed';
import { PERFORMANCE_DOC, writeLatestRun } from './performance-doc';
import { createThrowawayDatabase } from './throwaway-database';
import { compareScoring } from './scoring-comparison';

const HELP = `npm run bench [-- options]

Seeds a throwaway database (a fresh one on DATABASE_URL's server, or the embedded
PostgreSQL in a temporary folder when DATABASE_URL is unset), starts the built app on it and
measures every scenario of scripts/bench/scenarios.ts; then the leaderboard and home cards
again on a database with a tenth (or ten times) the picks. Results: the console,
bench-results/latest.json and bench-results/latest.md; a run of every scenario with the
growth check also replaces the latest run in docs/performance.md.

  --picks N          picks in the 1,000-member group (default 300000; 30000 for the small run)
  --duration S       seconds per scenario (default 5)
  --connections N    concurrent connections (default 50)
  --only a,b         only these scenarios (the baseline always runs): ${scenarios.map((s) => s.name).join(', ')}
  --no-growth        skip the second database (the growth check)
  --explain          seed, then write EXPLAIN (ANALYZE, BUFFERS) of every statement of the
                     hot requests to docs/bench/explain.md (gitignored); no load
  --serve            seed, start the built app and keep it running (for profiling by hand)
                     until Ctrl+C; prints its address and a signed-in member's cookie
`;

const root = fileURLToPath(new URL('../..', import.meta.url));
const DEFAULT_PICKS = 300_000;
const SMALL_PICKS = 30_000;
/** Measures of each growth scenario per database (the median counts). */
const GROWTH_ROUNDS = 3;

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
  const first = await startSuite(picks, settings);
  const mainMeasurements = await measureAll(first, selected, settings);
  const scoring = only
    ? undefined
    : await compareScoring(first.database.url, (name) =>
        measureOne(first, scenarioNamed(name), settings),
      );
  let growth: SuiteResult | undefined;
  let comparison: GrowthComparison | undefined;
  if (!values['no-growth']) {
    const second = await startSuite(picks === SMALL_PICKS ? DEFAULT_PICKS : SMALL_PICKS, settings);
    const growthMeasurements = await measureAll(
      second,
      scenarios.filter((s) => s.name === BASELINE || GROWTH_SCENARIOS.includes(s.name)),
      settings,
    );
    comparison = await compareGrowth(first, second, settings);
    growth = await finishSuite(second, growthMeasurements);
  }
  const main = await finishSuite(first, mainMeasurements);

  const report: BenchReport = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: machineDescription(),
    load: { start: loadAtStart, end: loadAverage() },
    node: process.version,
    connections,
    durationSeconds,
    main,
    growth,
    comparison,
    scoring,
    checks: judge(main, growth, comparison, scoring),
  };
  printChecks(report.checks);
  const outDir = `${root}bench-results`;
  await mkdir(outDir, { recursive: true });
  await writeFile(`${outDir}/latest.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${outDir}/latest.md`, `${markdownReport(report)}\n`);
  console.log('\nWritten: bench-results/latest.json, bench-results/latest.md');
  // Only a run of every scenario with its growth check stands for the app as a whole.
  if (!only && growth) {
    await writeLatestRun(root, markdownReport(report));
    console.log(`Written: ${PERFORMANCE_DOC}`);
  }
}

interface Settings {
  databaseUrl: string | undefined;
  connections: number;
  durationSeconds: number;
}

/** A seeded database with the built app running on it. */
interface RunningSuite {
  picks: number;
  seeded: Awaited<ReturnType<typeof seed>>;
  app: Awaited<ReturnType<typeof startApp>>;
  database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  /** Stops the app and drops the database (once; also on Ctrl+C). */
  stop: () => Promise<void>;
}

async function startSuite(picks: number, settings: Settings): Promise<RunningSuite> {
  const database = await createThrowawayDatabase(settings.databaseUrl, String(picks));
  const stopDatabase = cleanupOnce(() => database.drop());
  const seeded = await seed(database.url, picks);
  console.log(
    `\nSeeded ${seeded.picks.toLocaleString('en-US')} picks (${picks.toLocaleString('en-US')} in the ` +
      `${BIG_MEMBERS}-member group) on ${database.description} in ` +
      `${(seeded.seedMs / 1000).toFixed(1)} s; standings rebuilt in ${(seeded.rebuildMs / 1000).toFixed(1)} s`,
  );
  const app = await startApp(database.url);
  const stopApp = cleanupOnce(() => app.stop());
  const stop = async () => {
    await stopApp();
    await stopDatabase();
  };
  return { picks, seeded, app, database, stop };
}

async function measureOne(running: RunningSuite, scenario: Scenario, settings: Settings) {
  return scenario.run({
    baseUrl: running.app.baseUrl,
    seeded: running.seeded,
    serverPeakRssMb: () => running.app.peakRssMb(),
    ...settings,
  });
}

async function measureAll(running: RunningSuite, selected: Scenario[], settings: Settings) {
  console.log(`== ${running.picks.toLocaleString('en-US')} picks in the big group ==`);
  const measurements: Measurement[] = [];
  for (const scenario of selected) {
    process.stdout.write(`  ${scenario.label} ... `);
    const measurement = await measureOne(running, scenario, settings);
    measurements.push(measurement);
    console.log(
      measurement.callsMs
        ? `${measurement.callsMs.join(' / ')} ms`
        : `${measurement.reqPerSec} req/s, p99 ${measurement.p99Ms} ms`,
    );
  }
  return measurements;
}

/**
 * The growth check's own measure: the leaderboard and the home cards on both databases in
 * turn, GROWTH_ROUNDS times (the order swapped each round), both servers running. Two runs
 * a minute apart differ by more than the 1.2× the check allows (the machine's speed moves:
 * 0.87× to 1.23× for the same code), so each factor compares the medians of measures taken
 * side by side instead of two ratios to baselines taken minutes apart.
 */
async function compareGrowth(
  first: RunningSuite,
  second: RunningSuite,
  settings: Settings,
): Promise<GrowthComparison> {
  const [fewer, more] = first.picks < second.picks ? [first, second] : [second, first];
  console.log(`== Growth check: ${GROWTH_ROUNDS} rounds, side by side ==`);
  // The main run's writes left dead row versions (the event heads, the standings, the
  // pick counts) in its database only, until autovacuum came by: left as they were, that
  // database read 14 - 20% slower side by side (decision 0022). Picks are what is compared.
  for (const running of [fewer, more]) await vacuum(running.database.url);
  const results: GrowthComparison['scenarios'] = [];
  for (const name of GROWTH_SCENARIOS) {
    const scenario = scenarioNamed(name);
    const result = { name, fewer: [] as number[], more: [] as number[] };
    for (let round = 0; round < GROWTH_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [fewer, more] : [more, fewer];
      for (const running of order) {
        const { reqPerSec = 0 } = await measureOne(running, scenario, settings);
        (running === fewer ? result.fewer : result.more).push(reqPerSec);
      }
    }
    console.log(
      `  ${scenario.label}: ${result.fewer.join(' / ')} req/s at ${fewer.picks.toLocaleString('en-US')} picks, ` +
        `${result.more.join(' / ')} at ${more.picks.toLocaleString('en-US')}`,
    );
    results.push(result);
  }
  return { fewerPicks: fewer.picks, morePicks: more.picks, scenarios: results };
}

function scenarioNamed(name: string): Scenario {
  const scenario = scenarios.find((s) => s.name === name);
  if (!scenario) throw new Error(`bench: no scenario ${name}`);
  return scenario;
}

async function vacuum(url: string): Promise<void> {
  const database = connect(url, { max: 1, timeouts: { connectMs: 30_000, statementMs: 600_000 } });
  try {
    await database.db.$client.query('vacuum (analyze)');
  } finally {
    await database.close();
  }
}

/** Stops the app, checks the standings after the writes, drops the database. */
async function finishSuite(running: RunningSuite, measurements: Measurement[]) {
  const peakRssMb = running.app.peakRssMb();
  await running.app.stop();
  const suite: SuiteResult = {
    picks: running.seeded.picks,
    bigGroupPicks: running.seeded.bigProps * BIG_MEMBERS,
    database: running.database.description,
    seedMs: running.seeded.seedMs,
    rebuildMs: running.seeded.rebuildMs,
    measurements,
    peakRssMb,
    standingsConsistent: await standingsMatchRebuild(running.database.url),
  };
  await running.stop();
  console.log(`\n${running.picks.toLocaleString('en-US')} picks:`);
  printSuite(suite);
  return suite;
}

/** A cleanup registered for Ctrl+C that runs at most once, whoever calls it first. */
function cleanupOnce(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => (done ??= action());
  cleanups.push(once);
  return once;
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

try {
  await main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
