import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encode, toJSONSchema, type z } from 'zod';
import {
  BROTLI_QUALITY,
  compress,
  COMPRESS_THRESHOLD,
  encodingFor,
  type Encoding,
} from './compression';

/**
 * How a route's success answer goes out, as its definition says (defineRoute's `encode`
 * and `cache`):
 * - By default the contract's schema serializes it and a GET gets a weak ETag and 304s.
 * - `encode: 'typed'`: a large answer built by typed code is sent as its `JSON.stringify`,
 *   without the serializer walking every row again.
 * - `cache`: the answer is named before it is built (mostly by the group's version, read
 *   with the session); a client holding the name gets a 304, else the kept bytes or newly
 *   built ones. Kept bytes are used only under the version this request read, so
 *   instances agree.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

export class JsonText<Answer> {
  declare private readonly answer: Answer;
  constructor(readonly json: string) {}
}

export interface AnswerName {
  /** Everything besides the version that tells this answer from the route's others. */
  key: readonly (string | number | undefined)[];
  /** Moves whenever the answer may change. */
  version: string;
}

export interface AnswerCache<Request> {
  /** undefined when this request's answer cannot be named first. */
  name: (request: Request) => AnswerName | undefined | Promise<AnswerName | undefined>;
  /**
   * 'many': one answer many people read: its JSON text is kept and compressed once per
   * encoding. 'one': one person's answer: only the body sent is kept.
   */
  readers: 'many' | 'one';
  /** An answer compressed per reader at every version (the props list) is cheaper at 2. */
  brotliQuality?: number;
}

export interface AnswerRoute<Request> {
  /** Part of every name, with the answer's format. */
  id: string;
  response: z.ZodType | undefined;
  encode: 'contract' | 'typed';
  cache: AnswerCache<Request> | undefined;
}

interface Kept {
  key: string;
  tag: string;
  /** Set by the handler besides the body's (X-Total-Count). */
  headers: Readonly<Record<string, string>>;
  json?: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  size: number;
}

/** Answers kept by key, the least recently used dropped beyond either bound. */
export class KeptAnswers {
  readonly #answers = new Map<string, Kept>();
  #size = 0;

  constructor(
    private readonly maxAnswers: number,
    /** In characters of JSON text and bytes of compressed bodies. */
    private readonly maxSize: number,
  ) {}

  /** The answer kept under `key` if it is the one `tag` names. */
  get(key: string, tag: string): Kept | undefined {
    const kept = this.#answers.get(key);
    if (kept?.tag !== tag) return undefined;
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    return kept;
  }

  keep(key: string, tag: string, headers: Kept['headers'] = {}): Kept {
    this.#drop(key);
    const kept: Kept = { key, tag, headers, encoded: {}, size: 0 };
    this.#answers.set(key, kept);
    return kept;
  }

  keepText(kept: Kept, json: string): void {
    kept.json = json;
    this.#grow(kept, json.length);
  }

  keepEncoded(kept: Kept, encoding: Encoding, body: Buffer): Buffer {
    kept.encoded[encoding] = body;
    this.#grow(kept, body.length);
    return body;
  }

  #grow(kept: Kept, size: number) {
    kept.size += size;
    if (this.#answers.get(kept.key) !== kept) return;
    this.#size += size;
    while (this.#answers.size > this.maxAnswers || this.#size > this.maxSize) {
      const oldest = this.#answers.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
    }
  }

  #drop(key: string) {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#answers.delete(key);
    this.#size -= kept.size;
  }
}

/** Each instance keeps its own. */
export const keptAnswerStores = () => ({
  many: new KeptAnswers(500, 16 * 1024 * 1024),
  one: new KeptAnswers(4000, 16 * 1024 * 1024),
});

declare module 'fastify' {
  interface FastifyInstance {
    keptAnswers: ReturnType<typeof keptAnswerStores>;
  }
}

export function jsonOf<Request>(route: AnswerRoute<Request>, answer: unknown): string {
  if (answer instanceof JsonText) return answer.json;
  if (route.encode === 'typed' || !route.response) return JSON.stringify(answer);
  return JSON.stringify(encode(route.response, answer));
}

export function sendAnswer<Request>(
  route: AnswerRoute<Request>,
  reply: FastifyReply,
  answer: unknown,
): FastifyReply {
  if (answer instanceof JsonText || (route.encode === 'typed' && answer !== undefined)) {
    return reply.type(JSON_TYPE).send(jsonOf(route, answer));
  }
  return reply.send(answer);
}

const formats = new WeakMap<z.ZodType, string>();

/** A build that changes the answer's schema never matches an older tag. */
function formatOf(schema: z.ZodType | undefined): string {
  if (!schema) return '';
  let format = formats.get(schema);
  if (format === undefined) {
    const text = JSON.stringify(toJSONSchema(schema, { io: 'output' }));
    format = hash('sha1', text, 'base64url').slice(0, 10);
    formats.set(schema, format);
  }
  return format;
}

/** 304 when the client holds it, the bytes kept under it, else `build()`'s (the handler), kept. */
export async function sendCached<Request>(
  route: AnswerRoute<Request> & { cache: AnswerCache<Request> },
  name: AnswerName,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const store = request.server.keptAnswers[route.cache.readers];
  const key = [route.id, formatOf(route.response), ...name.key].join('\n');
  const tag = `W/"s.${hash('sha1', `${key}\n${name.version}`, 'base64url')}"`;
  const quality = route.cache.brotliQuality ?? BROTLI_QUALITY;
  void reply.header('etag', tag);
  let kept = store.get(key, tag);
  for (const [header, value] of Object.entries(kept?.headers ?? {}))
    void reply.header(header, value);
  if (matchesTag(request.headers['if-none-match'], tag)) return reply.code(304).send();
  const encoding = encodingFor(request);
  const body = kept && (encoding ? kept.encoded[encoding] : undefined);
  if (encoding && body) return sendEncoded(reply, encoding, body);
  if (kept?.json !== undefined) return sendText(store, kept, reply, encoding, quality);

  const before = new Set(Object.keys(reply.getHeaders()));
  const answer = await build();
  if (answer === reply) throw new Error(`${route.id}: a cached answer is returned, not sent`);
  const json = jsonOf(route, answer);
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders())
      .filter(([header]) => !before.has(header))
      .map(([header, value]) => [header, String(value)]),
  );
  kept ??= store.keep(key, tag, headers);
  if (route.cache.readers === 'many' || !encoding || json.length < COMPRESS_THRESHOLD) {
    store.keepText(kept, json);
  }
  return sendText(store, kept, reply, encoding, quality, json);
}

function sendText(
  store: KeptAnswers,
  kept: Kept,
  reply: FastifyReply,
  encoding: Encoding | null,
  quality: number,
  json = kept.json ?? '',
): FastifyReply {
  if (!encoding || json.length < COMPRESS_THRESHOLD) return reply.type(JSON_TYPE).send(json);
  const body =
    kept.encoded[encoding] ?? store.keepEncoded(kept, encoding, compress(encoding, json, quality));
  return sendEncoded(reply, encoding, body);
}

function sendEncoded(reply: FastifyReply, encoding: Encoding, body: Buffer): FastifyReply {
  return reply
    .type(JSON_TYPE)
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .header('content-length', body.length)
    .send(body);
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and may list tags or be `*`. */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = tag.slice(2);
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}
