import os from 'node:os';
import { round } from './load';
import type { Measurement } from './scenario';
import { BASELINE } from './scenarios';
import type { ScoringComparison } from './scoring-comparison';

/** One seeded database, one server process, the scenarios run against it. */
export interface SuiteResult {
  picks: number;
  bigGroupPicks: number;
  database: string;
  seedMs: number;
  rebuildMs: number;
  measurements: Measurement[];
  peakRssMb: number;
  /** The stored standings still equal a rebuild from picks and results after the writes. */
  standingsConsistent: boolean;
}

/** The growth scenarios measured on both databases in turn (bench.ts, compareGrowth). */
export interface GrowthComparison {
  fewerPicks: number;
  morePicks: number;
  /** Each scenario's req/s in every round, on each database. */
  scenarios: { name: string; fewer: number[]; more: number[] }[];
}

export interface Check {
  target: string;
  /** null: not measured in this run. */
  pass: boolean | null;
  detail: string;
}

export interface BenchReport {
  date: string;
  machine: string;
  /** 1-minute load average at the start and at the end of the run. */
  load: { start: number; end: number };
  node: string;
  connections: number;
  durationSeconds: number;
  main: SuiteResult;
  growth?: SuiteResult;
  comparison?: GrowthComparison;
  scoring?: ScoringComparison;
  checks: Check[];
}

const RSS_TARGET_MB = 300;
const GROWTH_LIMIT = 1.2;
/** Issue 43: confidence scoring's reads at least this share of standard scoring's. */
const SCORING_FLOOR = 0.85;

export function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}`;
}

/** The 1-minute load average: how much else the machine was running (the numbers depend on it). */
export const loadAverage = () => Math.round((os.loadavg()[0] ?? 0) * 10) / 10;

const baselineOf = (suite: SuiteResult) =>
  suite.measurements.find((m) => m.name === BASELINE)?.reqPerSec ?? 0;

export function ratioOf(suite: SuiteResult, measurement: Measurement): number | undefined {
  const baseline = baselineOf(suite);
  if (measurement.reqPerSec === undefined || baseline === 0) return undefined;
  return round(measurement.reqPerSec / baseline, 2);
}

/** The scenario's own targets: its throughput ratio, its p99 or slowest call, no failures. */
export function scenarioPasses(suite: SuiteResult, m: Measurement): boolean {
  const ratio = ratioOf(suite, m);
  if (m.failures) return false;
  if (m.minRatio !== undefined && (ratio === undefined || ratio < m.minRatio)) return false;
  const slowest = m.callsMs ? Math.max(...m.callsMs) : m.p99Ms;
  return m.maxMs === undefined || (slowest !== undefined && slowest < m.maxMs);
}

export function judge(
  main: SuiteResult,
  growth: SuiteResult | undefined,
  comparison: GrowthComparison | undefined,
  scoring?: ScoringComparison,
): Check[] {
  const loads = main.measurements.filter((m) => m.kind !== 'timed');
  const ratioCheck = (kind: Measurement['kind'], target: string): Check => {
    const ofKind = loads.filter((m) => m.kind === kind);
    const short = ofKind.filter((m) => (ratioOf(main, m) ?? 0) < (m.minRatio ?? 0));
    return {
      target,
      pass: ofKind.length === 0 ? null : short.length === 0,
      detail: short.length
        ? short.map((m) => `${m.name} ${ratioOf(main, m)}× (needs ${m.minRatio}×)`).join(', ')
        : `lowest ${Math.min(...ofKind.map((m) => ratioOf(main, m) ?? 0))}×`,
    };
  };
  const slow = loads.filter((m) => (m.p99Ms ?? Infinity) >= (m.maxMs ?? Infinity));
  const failing = main.measurements.filter((m) => m.failures);
  const master = main.measurements.find((m) => m.name === 'master-result');
  const peak = Math.max(main.peakRssMb, growth?.peakRssMb ?? 0);

  return [
    ratioCheck('read', 'Every read ≥ 0.5× the baseline (props with picks ≥ 0.3×)'),
    ratioCheck('write', 'Writes ≥ 0.4× the baseline'),
    {
      target: 'Every p99 < 50 ms',
      pass: loads.length === 0 ? null : slow.length === 0,
      detail: slow.length
        ? slow.map((m) => `${m.name} ${m.p99Ms} ms`).join(', ')
        : `highest ${Math.max(...loads.map((m) => m.p99Ms ?? 0))} ms`,
    },
    growthCheck(comparison),
    scoringCheck(scoring),
    {
      target: 'Master result applied to 500 groups (standings included) < 1 s',
      pass: master?.callsMs ? Math.max(...master.callsMs) < (master.maxMs ?? 0) : null,
      detail: master?.note ?? 'not measured',
    },
    {
      target: `Server RSS < ${RSS_TARGET_MB} MB`,
      pass: peak < RSS_TARGET_MB,
      detail: `peak ${Math.round(peak)} MB (VmHWM)`,
    },
    {
      target: 'Every request answered 2xx',
      pass: failing.length === 0,
      detail: failing.length
        ? failing.map((m) => `${m.name}: ${m.failures} failed`).join(', ')
        : 'none failed',
    },
    {
      target: 'Stored standings equal a rebuild after the writes',
      pass: main.standingsConsistent && (growth?.standingsConsistent ?? true),
      detail: main.standingsConsistent ? 'equal' : 'they differ: a write path misses its standings',
    },
    ...main.measurements.flatMap((m) => m.checks ?? []),
  ];
}

/**
 * Whether the leaderboard and the home cards cost the same at ten times the picks: the
 * median of each one's throughput on the smaller database may be at most 1.2× its median
 * on the bigger, both measured side by side in alternating rounds.
 */
function growthCheck(comparison: GrowthComparison | undefined): Check {
  const target = `Leaderboard and home cards within ${GROWTH_LIMIT}× from 30,000 to 300,000 picks`;
  if (!comparison) return { target, pass: null, detail: 'not measured (--no-growth)' };
  const factors = growthFactors(comparison);
  return {
    target,
    pass: factors.every((f) => f.factor <= GROWTH_LIMIT),
    detail: factors.map((f) => `${f.name} ${f.factor}×`).join(', '),
  };
}

function scoringCheck(scoring: ScoringComparison | undefined): Check {
  const target = `1,000-member group's reads under confidence scoring within ${Math.round((1 - SCORING_FLOOR) * 100)} % of standard`;
  if (!scoring) return { target, pass: null, detail: 'not measured (--only)' };
  const shares = scoringShares(scoring);
  return {
    target,
    pass: shares.every((s) => s.share >= SCORING_FLOOR),
    detail: shares.map((s) => `${s.name} ${s.share}×`).join(', '),
  };
}

/** Each scenario's median req/s under confidence scoring over its median under standard. */
export function scoringShares(scoring: ScoringComparison) {
  return scoring.scenarios.map(({ name, standard, confidence }) => {
    const [a, b] = [median(standard), median(confidence)];
    return { name, standard: a, confidence: b, share: a > 0 ? round(b / a, 2) : 0 };
  });
}

/** Each growth scenario's median req/s on the smaller database over that on the bigger. */
export function growthFactors(comparison: GrowthComparison) {
  return comparison.scenarios.map(({ name, fewer, more }) => {
    const [a, b] = [median(fewer), median(more)];
    return { name, fewer: a, more: b, factor: b > 0 ? round(a / b, 2) : Infinity };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const fmt = (value: number | undefined, digits = 0) =>
  value === undefined ? '' : value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The results table in Markdown (what docs/performance.md keeps). */
export function markdownTable(suite: SuiteResult): string {
  const lines = [
    '| Request | req/s | p50 ms | p99 ms | ratio | KB | target |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const m of suite.measurements) {
    const pass = scenarioPasses(suite, m) ? 'PASS' : 'FAIL';
    if (m.kind === 'timed') {
      lines.push(`| ${m.label} | | | | | | ${pass} (${m.note ?? ''}; < ${m.maxMs} ms) |`);
      continue;
    }
    const target = [
      m.minRatio !== undefined && `≥ ${m.minRatio}×`,
      m.maxMs !== undefined && `p99 < ${m.maxMs} ms`,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `| ${m.label} | ${fmt(m.reqPerSec)} | ${fmt(m.p50Ms)} | ${fmt(m.p99Ms)} | ${fmt(ratioOf(suite, m), 2)} | ${fmt((m.bytesPerResponse ?? 0) / 1024, 1)} | ${pass} (${target})${m.failures ? `, ${m.failures} failed` : ''} |`,
    );
  }
  return lines.join('\n');
}

export function markdownReport(report: BenchReport): string {
  const { main, growth, comparison } = report;
  const lines = [
    `${report.date}, ${report.machine} (load average ${report.load.start} at the start, ${report.load.end} at the end), ` +
      `Node ${report.node}, ${main.database.replace(/,.*/, '')}; ` +
      `${report.connections} connections, ${report.durationSeconds} s per scenario; ` +
      `${fmt(main.picks)} picks (${fmt(main.bigGroupPicks)} in the 1,000-member group).`,
    '',
    markdownTable(main),
    '',
  ];
  if (growth) {
    lines.push(
      `The same at ${fmt(growth.bigGroupPicks)} picks in the big group (growth check):`,
      '',
      markdownTable(growth),
      '',
    );
  }
  if (comparison) {
    lines.push(
      `Growth check: each scenario on both databases in turn, ${comparison.scenarios[0]?.fewer.length ?? 0} rounds (median req/s):`,
      '',
      `| Request | ${fmt(comparison.fewerPicks)} picks | ${fmt(comparison.morePicks)} picks | factor |`,
      '|---|---:|---:|---:|',
      ...growthFactors(comparison).map(
        (f) => `| ${f.name} | ${fmt(f.fewer)} | ${fmt(f.more)} | ${f.factor}× |`,
      ),
      '',
    );
  }
  if (report.scoring) {
    lines.push(
      `The 1,000-member group under each scoring mode in turn, ${report.scoring.scenarios[0]?.standard.length ?? 0} rounds (median req/s):`,
      '',
      '| Request | standard | confidence | share |',
      '|---|---:|---:|---:|',
      ...scoringShares(report.scoring).map(
        (s) => `| ${s.name} | ${fmt(s.standard)} | ${fmt(s.confidence)} | ${s.share}× |`,
      ),
      '',
    );
  }
  lines.push('| Target | Result | |', '|---|---|---|');
  for (const check of report.checks) {
    const verdict = check.pass === null ? 'not measured' : check.pass ? 'PASS' : 'FAIL';
    lines.push(`| ${check.target} | ${verdict} | ${check.detail} |`);
  }
  return lines.join('\n');
}

/** The console's version: the same table, aligned. */
export function printSuite(suite: SuiteResult): void {
  const rows = suite.measurements.map((m) => ({
    scenario: m.name,
    'req/s': m.reqPerSec ?? '',
    'p50 ms': m.p50Ms ?? '',
    'p99 ms': m.callsMs ? `${Math.max(...m.callsMs)} (call)` : (m.p99Ms ?? ''),
    ratio: ratioOf(suite, m) ?? '',
    KB: m.bytesPerResponse === undefined ? '' : round(m.bytesPerResponse / 1024, 1),
    failed: m.failures ?? '',
    verdict: scenarioPasses(suite, m) ? 'PASS' : 'FAIL',
  }));
  console.table(rows);
  console.log(`Server peak RSS ${Math.round(suite.peakRssMb)} MB`);
}

export function printChecks(checks: Check[]): void {
  console.log('\nTargets (issues 10 and 11):');
  for (const check of checks) {
    const verdict = check.pass === null ? 'n/a ' : check.pass ? 'PASS' : 'FAIL';
    console.log(`  ${verdict}  ${check.target}: ${check.detail}`);
  }
}
