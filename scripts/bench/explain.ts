import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import * as schema from '../../server/src/db/schema';
import { scenarios } from './scenarios';
import type { Seeded } from './seed';

/**
 * `npm run bench -- --explain`: the plans of every statement each hot request really
 * makes, as it makes them. The real app is built in this process on the seeded database
 * with auto_explain loaded in its connections (analyze, buffers, nested statements, so
 * the standings triggers' own statements are there too) and its messages sent to the
 * client; each scenario's request is sent once with inject. Nothing is restated: when a
 * route changes its SQL, the notes follow.
 *
 * Two passes. The first, as PostgreSQL plans it, is what the notes show. The second runs
 * with sequential scans, hash and merge joins off and looks for scans that still read a
 * whole table: a sequential scan, or an index scan with no index condition. Either means no index serves that
 * statement, which fails the check whatever the table's size today (on the seeded sizes
 * the planner may rightly prefer to hash a thousand users rather than probe an index 150
 * times; what matters is that an index exists for when the table is big).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
export const EXPLAIN_FILE = 'docs/bench/explain.md';
/**
 * The second pass: no sequential scans, and only nested-loop joins, so that every join and
 * filter is answered by an index probe where an index exists (a hash or merge join may
 * rightly read a small table whole, which is no sign of a missing index).
 */
const INDEX_CHECK_SETTINGS = ['enable_seqscan=off', 'enable_hashjoin=off', 'enable_mergejoin=off'];

/** Tables that stay a handful of rows whatever the traffic: reading them whole is fine. */
const SMALL_BY_NATURE = new Set(['push_vapid_keys']);

const autoExplain = (extra: string[]) =>
  [
    'session_preload_libraries=auto_explain',
    'auto_explain.log_min_duration=0',
    'auto_explain.log_analyze=on',
    'auto_explain.log_buffers=on',
    'auto_explain.log_timing=on',
    'auto_explain.log_nested_statements=on',
    'client_min_messages=log',
    ...extra,
  ]
    .map((setting) => `-c ${setting}`)
    .join(' ');

interface Plan {
  ms: number;
  /** The statement's text (parameters are listed apart, so repeats compare equal). */
  query: string;
  text: string;
}

interface Traced {
  label: string;
  request: string;
  status: number;
  /** Statements the app sent (each a round trip), BEGIN/COMMIT aside. */
  statements: number;
  plans: Plan[];
}

export async function writeExplainNotes(
  url: string,
  seeded: Seeded,
  database: string,
): Promise<string> {
  const sizes = await tableSizes(url);
  const traced = await trace(url, seeded, []);
  const indexCheck = await trace(url, seeded, [
    ...INDEX_CHECK_SETTINGS,
    'auto_explain.log_format=json',
  ]);
  const partial = await partialIndexes(url);
  const unserved = new Map(
    indexCheck.map((t): [string, string[]] => [
      t.label,
      [...new Set(t.plans.flatMap((plan) => wholeTableScans(plan, partial)))],
    ]),
  );
  await mkdir(`${root}docs/bench`, { recursive: true });
  await writeFile(`${root}${EXPLAIN_FILE}`, render(traced, unserved, sizes, seeded, database));
  const flagged = [...unserved].flatMap(([label, scans]) =>
    scans.map((scan) => `${label}: ${scan}`),
  );
  console.log(
    flagged.length
      ? `Statements no index serves:\n  ${flagged.join('\n  ')}`
      : 'Every statement of the hot requests is served by an index.',
  );
  return EXPLAIN_FILE;
}

async function trace(url: string, seeded: Seeded, settings: string[]): Promise<Traced[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: autoExplain(settings) });
  let sink: { statements: number; plans: Plan[] } | undefined;
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      const plan = planOf(notice.message ?? '');
      if (plan && sink) sink.plans.push(plan);
    });
  });
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery: (query) => {
        if (sink && !/^(begin|commit|rollback|savepoint|release)/i.test(query.trim())) {
          sink.statements += 1;
        }
      },
    },
  });
  const app = await buildApp({ db });
  const traced: Traced[] = [];
  try {
    for (const scenario of scenarios) {
      const request = scenario.sample?.(seeded);
      if (!request) continue;
      const captured = { statements: 0, plans: [] as Plan[] };
      sink = captured;
      const response = await app.inject({
        method: request.method,
        url: request.path,
        headers: request.cookie ? { cookie: request.cookie } : {},
        ...(request.body !== undefined && { payload: request.body as object }),
      });
      // Notices of the last statement arrive with its answer; let them land.
      await sleep(50);
      sink = undefined;
      traced.push({
        label: scenario.label,
        request: `${request.method} ${request.path}`,
        status: response.statusCode,
        ...captured,
      });
    }
    return traced;
  } finally {
    await app.close();
    await pool.end();
  }
}

/** auto_explain's message: "duration: 1.234 ms  plan:\nQuery Text: …\n<plan>". */
function planOf(message: string): Plan | undefined {
  const match = /^duration: ([\d.]+) ms\s+plan:\n([\s\S]*)$/.exec(message);
  if (!match) return undefined;
  const text = (match[2] ?? '').trimEnd();
  const query = /^Query Text: ([\s\S]*?)\n(Query Parameters:|[A-Z][\w ]+ {2}\(cost)/m.exec(text);
  return { ms: Number(match[1]), query: query?.[1]?.trim() ?? text, text };
}

async function tableSizes(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; n: string }>(
      `select relname, greatest(reltuples, 0)::bigint as n from pg_class
       where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    return new Map(rows.map((row) => [row.relname, Number(row.n)]));
  } finally {
    await client.end();
  }
}

async function partialIndexes(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indpred is not null`,
    );
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

const seqScansOf = (plans: Plan[]) => [
  ...new Set(
    plans.flatMap((plan) =>
      [...plan.text.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1] ?? ''),
    ),
  ),
];

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * Scans in a JSON plan that read a whole table: "seq scan of t", "full scan of index i".
 * Reading a partial index whole is no such scan: it holds only the rows its query wants.
 */
function wholeTableScans(plan: Plan, partial: Set<string>): string[] {
  let root: { Plan?: PlanNode };
  try {
    root = JSON.parse(plan.text.replace(/^Query Text:[\s\S]*?\n(?=\{)/, '')) as { Plan?: PlanNode };
  } catch {
    return [];
  }
  const found: string[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const table = node['Relation Name'];
    if (type === 'Seq Scan' && table && !SMALL_BY_NATURE.has(table)) {
      found.push(`seq scan of ${table}`);
    }
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond']) {
      const index = node['Index Name'] ?? '';
      if (!partial.has(index) && (!table || !SMALL_BY_NATURE.has(table))) {
        found.push(`full scan of ${node['Index Name'] ?? table ?? 'an index'}`);
      }
    }
    node.Plans?.forEach(visit);
  };
  if (root.Plan) visit(root.Plan);
  return found;
}

/** The same statement run many times (a row trigger, a loop in a trigger) is shown once. */
function collapse(plans: Plan[]): { plan: Plan; times: number; totalMs: number }[] {
  const groups = new Map<string, { plan: Plan; times: number; totalMs: number }>();
  for (const plan of plans) {
    const group = groups.get(plan.query);
    if (group) {
      group.times += 1;
      group.totalMs += plan.ms;
    } else {
      groups.set(plan.query, { plan, times: 1, totalMs: plan.ms });
    }
  }
  return [...groups.values()];
}

function render(
  traced: Traced[],
  unserved: Map<string, string[]>,
  sizes: Map<string, number>,
  seeded: Seeded,
  database: string,
): string {
  const sizeList = [...sizes]
    .filter(([, rows]) => rows > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([table, rows]) => `${table} ${rows.toLocaleString('en-US')}`)
    .join(', ');
  const lines = [
    '# Query plans of the hot requests',
    '',
    'Written by `npm run bench -- --explain` (scripts/bench/explain.ts); do not edit by hand.',
    `${new Date().toISOString().slice(0, 10)}, ${database.replace(/,.*/, '')}, the bench's seed with`,
    `${seeded.picks.toLocaleString('en-US')} picks (${seeded.bigProps} props in the 1,000-member group). Rows:`,
    `${sizeList}.`,
    '',
    'Each request was sent once through the real app with auto_explain (analyze, buffers,',
    "nested statements: the standings triggers' statements are listed under the write that",
    'fired them). "Seq scans" are those of the plans below, as PostgreSQL chose them for these',
    'sizes. The check sends every request again with enable_seqscan, enable_hashjoin and',
    'enable_mergejoin off (every join a nested loop of index probes): a scan that still',
    'reads a whole table there (a sequential scan, or an index scan without an index',
    'condition) has no index to serve it, and fails.',
    '',
    '| Request | Status | Statements | Plans | SQL ms | Seq scans | No index for | Check |',
    '|---|---:|---:|---:|---:|---|---|---|',
  ];
  for (const t of traced) {
    const unindexed = unserved.get(t.label) ?? [];
    const total = t.plans.reduce((sum, plan) => sum + plan.ms, 0);
    lines.push(
      `| ${t.label} | ${t.status} | ${t.statements} | ${t.plans.length} | ${total.toFixed(1)} | ${
        seqScansOf(t.plans).join(', ') || 'none'
      } | ${unindexed.join(', ') || 'none'} | ${unindexed.length ? 'FAIL' : 'PASS'} |`,
    );
  }
  lines.push(
    '',
    'Statements: what the app sent (one round trip each, BEGIN and COMMIT aside). Plans: those',
    "plus the statements run inside triggers. SQL ms adds up auto_explain's durations (a nested",
    "statement's time is also inside its parent's).",
    '',
  );
  for (const t of traced) {
    lines.push(`## ${t.label}`, '', `\`${t.request}\` answered ${t.status}.`, '');
    collapse(t.plans).forEach(({ plan, times, totalMs }, index) => {
      const timing =
        times === 1
          ? `${plan.ms.toFixed(3)} ms`
          : `run ${times} times, ${totalMs.toFixed(1)} ms in all (the first shown)`;
      lines.push(`### ${index + 1}. ${timing}`, '', '```', plan.text, '```', '');
    });
  }
  return lines.join('\n');
}
