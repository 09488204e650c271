import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propsContract, type Prop } from '@shared/contract/props';
import { testProp } from '@client/test/prop-fixture';
import { parseAnswer } from './answer-parser';

/** What zod's own parse gives: the value, or its error's issues. */
function byZod(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { issues: result.error.issues };
}

function byParseAnswer(schema: z.ZodType, value: unknown) {
  try {
    return { data: parseAnswer<z.ZodType>(schema, value) };
  } catch (error) {
    if (error instanceof z.ZodError) return { issues: error.issues };
    throw error;
  }
}

/** parseAnswer gives what zod gives: the same output (keys and their order too), or the same error. */
function expectSameAsZod(schema: z.ZodType, value: unknown) {
  const ours = byParseAnswer(schema, value);
  const zods = byZod(schema, value);
  expect(ours).toStrictEqual(zods);
  if ('data' in ours && ours.data !== null && typeof ours.data === 'object') {
    expect(JSON.stringify(ours.data)).toBe(JSON.stringify(zods.data));
  }
}

const list = propsContract.list.response;

/** Props as the list sends them: picked, reset, decided, locked with a split. */
const PROPS: Prop[] = [
  testProp(),
  testProp({
    id: 42,
    myPick: { id: 9, selectedOption: 'over', isCorrect: null },
    outcome: 'pending',
    pickCount: 3,
  }),
  testProp({
    id: 43,
    result: 'under',
    lock: { locked: true, reason: 'event_started', at: '2026-11-01T18:00:00.000Z' },
    myPick: { id: 10, selectedOption: 'over', isCorrect: false },
    outcome: 'loss',
    pickSplit: { over: 2, under: 5 },
    options: [
      { value: 'over', label: 'Over 44.5', odds: '-110' },
      { value: 'under', label: 'Under 44.5', odds: '+100' },
    ],
  }),
  testProp({
    id: 44,
    gameDate: null,
    createdBy: null,
    pickReset: { previousOption: 'over', at: '2026-11-02T12:00:00.000Z' },
  }),
];

/** Every place in a JSON value, as a path of keys. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, index) => index)
    : Object.keys(value);
  return [path, ...keys.flatMap((key) => pathsOf((value as never)[key], [...path, key]))];
}

/** A copy of `value` with the place at `path` replaced (or its key removed: `undefined`). */
function withAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const ODD_VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'over',
  'event_started',
  true,
  [],
  {},
  { over: 1 },
];

describe('parseAnswer', () => {
  it('gives the props list exactly as zod does, and leaves out keys the contract does not have', () => {
    expectSameAsZod(list, PROPS);
    const withExtra = PROPS.map((prop) => ({ ...prop, secret: 'x', lock: { ...prop.lock, y: 1 } }));
    expectSameAsZod(list, withExtra);
    expect(parseAnswer(list, withExtra)).toStrictEqual(PROPS);
  });

  it("refuses, with zod's own error, any place of a prop that is missing or of the wrong kind", () => {
    const paths = pathsOf(PROPS);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      for (const odd of ODD_VALUES) expectSameAsZod(list, withAt(PROPS, path, odd));
    }
  });

  it('agrees with zod on every kind it compiles and the ones it leaves to zod', () => {
    const schemas: z.ZodType[] = [
      z.object({ a: z.string().optional(), b: z.number().int().nullable() }),
      z.object({ a: z.unknown(), b: z.unknown().optional() }),
      z.object({ b: z.unknown().optional(), c: z.string().optional() }),
      z.object({ a: z.string() }).strict(),
      z.object({ a: z.string() }).passthrough(),
      z.object({ a: z.string().min(2), b: z.number().min(0) }),
      z.object({ when: z.string().transform((text) => text.length) }),
      z.object({ n: z.coerce.number(), d: z.string().default('x') }),
      z.object({ kind: z.literal('a'), n: z.number() }).or(z.object({ kind: z.literal('b') })),
      z.record(z.string(), z.array(z.enum(['x', 'y']))),
      z.array(z.tuple([z.string(), z.boolean()])),
      z.object({ ok: z.boolean() }).refine((value) => value.ok, 'not ok'),
      z.number(),
      z.string().nullable(),
    ];
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(schemas.length - 1), (value, index) => {
        expectSameAsZod(schemas[index]!, value);
      }),
      { numRuns: 2_000 },
    );
    for (const schema of schemas) {
      for (const value of [
        { a: 'xy', b: 3 },
        { a: 'xy', b: null },
        { a: 'xy' },
        {},
        { when: 'abc' },
        { n: '3' },
        { kind: 'a', n: 1 },
        { kind: 'b' },
        { x: ['x', 'y'] },
        [['a', true]],
        { ok: false },
        { ok: true },
        4,
        Infinity,
        null,
        'text',
      ]) {
        expectSameAsZod(schema, value);
      }
    }
  });
});
