import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allEventsNumbered } from '../test/numbered-events';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../test/test-app';

/**
 * Every operation of the OpenAPI document, fuzzed: a route added to the app is fuzzed here
 * without anyone listing it. Params, query strings and bodies are shaped by the operation's
 * own schemas, with hostile values mixed in anywhere. Every answer must be below 500 and
 * JSON, and a refused one (4xx) must change nothing in the database.
 * `npm run fuzz` (FUZZ_RUNS, default 300 per operation) runs many more cases than CI.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const { app, database } = await createTestApp({
  authAttempts: { max: 1_000_000, windowMs: 60_000 },
});
const db = database.db;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
}>();
/**
 * An event stream (text/event-stream) never ends by itself, so inject() would wait
 * forever on a member's call: its refusals are tested in modules/live/live.test.ts.
 */
const isEventStream = (operation: Operation) =>
  Object.values(operation.responses ?? {}).some(
    (response) => response.content?.['text/event-stream'] !== undefined,
  );
/** The media types besides JSON an operation declares for its success (a CSV download). */
const successTypesOf = (operation: Operation) =>
  Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => Object.keys(response.content ?? {}))
    .filter((media) => media !== 'application/json');
const operations: Operation[] = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method, path })),
  )
  .filter((operation) => !isEventStream(operation));

/** Values no schema asks for: wrong types, edge numbers, injection and odd text. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u202e\u0301\ud83c\udfc8',
    '9999-12-31',
    '0000-01-01',
    '2024-02-30',
    '1e309',
    'NaN',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
    'x'.repeat(5_000),
    null,
    true,
    0,
    -1,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    1.5,
    [],
    {},
    { $gt: '' },
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** A value shaped by the schema most of the time, a hostile one otherwise. */
function valueFor(schema: JsonSchema | undefined, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  const shaped: fc.Arbitrary<unknown> = variants
    ? fc.oneof(...variants.map((variant) => valueFor(variant, ids, depth + 1)))
    : schema.enum
      ? fc.constantFrom(...schema.enum)
      : shapedValue(schema, ids, depth);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedValue(schema: JsonSchema, ids: number[], depth: number): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, valueFor(child, ids, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(valueFor(schema.items, ids, depth + 1), { maxLength: 6 });
    case 'integer':
    case 'number':
      return fc.oneof(fc.constantFrom(...ids), fc.integer({ min: -5, max: 1_000_000 }));
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom(...ids.map(String)),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      );
    default:
      return hostileValue;
  }
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** A hash of every table's rows (rate-limit counters excepted: refusals count too). */
async function databaseState(): Promise<string> {
  // Events committed before the request get their ids in the background meanwhile.
  await allEventsNumbered(app, db);
  const { rows } = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('rate_limits', '__drizzle_migrations')
    order by table_name`);
  const parts = await Promise.all(
    rows.map(async ({ table_name: table }) => {
      const result = await db.execute<{ hash: string | null }>(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${table}" t`,
        ),
      );
      return `${table}:${result.rows[0]?.hash ?? ''}`;
    }),
  );
  return parts.join(',');
}

/** A leader and a member with a group, a prop and a pick, so real ids reach deep code. */
async function freshWorld() {
  const leader = await registerUser(app);
  const member = await registerUser(app);
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(48) });
  const pick = await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
  return { callers: [leader, member], ids: [leader.id, member.id, group.id, prop.id, pick.id] };
}

function requestFor(operation: Operation, ids: number[]) {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((parameter) => parameter.in === 'path');
  const inQuery = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      path: fc.tuple(...inPath.map((parameter) => valueFor(parameter.schema, ids))),
      query: fc.tuple(...inQuery.map((parameter) => fc.option(valueFor(parameter.schema, ids)))),
      body: bodySchema ? valueFor(bodySchema, ids) : fc.constant(undefined),
      caller: fc.constantFrom(0, 1, 2),
    })
    .map(({ path, query, body, caller }) => {
      let url = operation.path;
      inPath.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, encodeURIComponent(asText(path[index])) || '%20');
      });
      const search = new URLSearchParams();
      inQuery.forEach((parameter, index) => {
        if (query[index] !== null) search.set(parameter.name, asText(query[index]));
      });
      const queryString = search.toString();
      return { url: queryString ? `${url}?${queryString}` : url, body, caller };
    });
}

describe('fuzzing every operation in the OpenAPI document', () => {
  it('finds the API routes in the document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const operation of operations) {
    it(`${operation.method.toUpperCase()} ${operation.path}: never 5xx, always JSON (or the file it declares), refusals change nothing`, async () => {
      const world = await freshWorld();
      await fc.assert(
        fc.asyncProperty(requestFor(operation, world.ids), async ({ url, body, caller }) => {
          const user: TestUser | undefined = world.callers[caller];
          const options: InjectOptions = {
            method: operation.method.toUpperCase(),
            url,
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          };
          const before = await databaseState();
          const response = user ? await user.request(options) : await app.inject(options);
          const described = `${options.method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, described).toBeLessThan(500);
          if (response.statusCode !== 204) {
            const declared = response.statusCode < 300 ? successTypesOf(operation) : [];
            const type = String(response.headers['content-type']);
            if (!declared.some((media) => type.startsWith(media))) {
              expect(type, described).toMatch(/^application\/json/);
            }
          }
          if (response.statusCode >= 400) {
            expect(await databaseState(), `${described} changed the database`).toBe(before);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});
