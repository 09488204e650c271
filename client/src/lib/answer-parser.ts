import type { z } from 'zod';

/**
 * Parses an API answer as `schema.parse` would, faster: the Content-Security-Policy forbids
 * eval, so zod walks every value through generic checks. The schema is compiled once into
 * closures for the kinds answers are made of, building the same output; any other kind is
 * parsed by zod where it sits, and on any failure zod parses the whole answer again so the
 * error is zod's own.
 */
export function parseAnswer<Schema extends z.ZodType>(
  schema: Schema,
  answer: unknown,
): z.output<Schema> {
  const parsed = parserOf(schema)(answer);
  return parsed === FAIL ? schema.parse(answer) : (parsed as z.output<Schema>);
}

const FAIL: unique symbol = Symbol('not valid');
type Parser = (value: unknown) => unknown;

/** A zod schema's definition, as far as this file reads it (zod 4's `_zod.def`). */
interface Definition {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const definitionOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: Definition } })._zod.def;

const parsers = new WeakMap<z.ZodType, Parser>();

function parserOf(schema: z.ZodType): Parser {
  let parser = parsers.get(schema);
  if (!parser) {
    parser = compile(schema);
    parsers.set(schema, parser);
  }
  return parser;
}

const zodParsers = new WeakSet<Parser>();

function byZod(schema: z.ZodType): Parser {
  const parser: Parser = (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : FAIL;
  };
  zodParsers.add(parser);
  return parser;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function compile(schema: z.ZodType): Parser {
  const def = definitionOf(schema);
  const checks = def.checks ?? [];
  if (def.coerce) return byZod(schema);
  switch (def.type) {
    case 'string':
      return checks.length ? byZod(schema) : (v) => (typeof v === 'string' ? v : FAIL);
    case 'boolean':
      return checks.length ? byZod(schema) : (v) => (typeof v === 'boolean' ? v : FAIL);
    case 'number':
      return compileNumber(schema, checks);
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      return checks.length ? byZod(schema) : (v) => (allowed.has(v) ? v : FAIL);
    }
    case 'nullable': {
      const inner = parserOf(def.innerType!);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      const inner = parserOf(def.innerType!);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array':
      return checks.length ? byZod(schema) : compileArray(parserOf(def.element!));
    case 'record':
      return checks.length ||
        definitionOf(def.keyType!).type !== 'string' ||
        definitionOf(def.keyType!).checks?.length
        ? byZod(schema)
        : compileRecord(parserOf(def.valueType!));
    case 'object':
      return checks.length || def.catchall ? byZod(schema) : compileObject(schema, def.shape ?? {});
    default:
      return byZod(schema);
  }
}

function compileNumber(schema: z.ZodType, checks: NonNullable<Definition['checks']>): Parser {
  const integer = checks.length === 1 && checks[0]?._zod.def.format === 'safeint';
  if (checks.length > 1 || (checks.length === 1 && !integer)) return byZod(schema);
  return integer
    ? (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : FAIL)
    : (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL);
}

function compileArray(element: Parser): Parser {
  return (v) => {
    if (!Array.isArray(v)) return FAIL;
    const out: unknown[] = new Array(v.length);
    for (let index = 0; index < v.length; index += 1) {
      const parsed = element(v[index]);
      if (parsed === FAIL) return FAIL;
      out[index] = parsed;
    }
    return out;
  };
}

function compileRecord(value: Parser): Parser {
  return (v) => {
    if (!isRecord(v)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const parsed = value(v[key]);
      if (parsed === FAIL) return FAIL;
      out[key] = parsed;
    }
    return out;
  };
}

function compileObject(schema: z.ZodType, shape: Record<string, z.ZodType>): Parser {
  const fields = Object.entries(shape).map(([key, field]) => ({
    key,
    parse: parserOf(field),
    optional: definitionOf(field).type === 'optional',
  }));
  // Whether zod takes a missing key as `undefined` depends on the field's kind: an object
  // with a non-optional field left to zod is left to zod whole.
  if (fields.some(({ parse, optional }) => !optional && zodParsers.has(parse))) {
    return byZod(schema);
  }
  return (v) => {
    if (!isRecord(v)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const { key, parse, optional } of fields) {
      if (optional && !(key in v)) continue;
      const parsed = parse(v[key]);
      if (parsed === FAIL) return FAIL;
      out[key] = parsed;
    }
    return out;
  };
}
