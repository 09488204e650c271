import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encode, toJSONSchema, type z } from 'zod';
import type { Db } from '../db/client';
import {
  compress,
  compressedBodies,
  compressOnce,
  COMPRESS_THRESHOLD,
  encodingFor,
  keepBody,
  keptBody,
  sendEncoded,
  type Encoding,
} from './compression';
import { matchesTag } from './http-caching';

/**
 * Answers that are the same for many members of a group (the whole leaderboard, a page of
 * it, the activity feed), built once per group version and sent as kept bytes (decision
 * 0027).
 *
 * PostgreSQL stays the truth: every request reads the group's version in the guard's own
 * query (`GroupAccess.version`, the group's event head, which every change a member can see
 * moves in the writer's transaction), and a kept answer is used only when it was built at
 * exactly that version. Several instances on one database each keep their own and agree,
 * because the version they compare with is the database's, read on every request. An
 * answer is read after the version, so it is never older than the version it is kept
 * under; it may be newer, which the next request's version shows.
 *
 * What is kept per answer: its JSON text (the contract's schema already applied), its weak
 * ETag (from the key and the version: a revalidation is a 304 before anything is built),
 * the headers it goes with (`X-Total-Count`) and its brotli and gzip bodies, each made the
 * first time a client asks for it, with @fastify/compress's own settings.
 */

export interface SharedAnswer {
  json: string;
  headers?: Readonly<Record<string, string>>;
}

interface Kept extends SharedAnswer {
  version: string;
  tag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

interface KeptAnswers {
  /** Most recently used last. */
  answers: Map<string, Kept>;
  /** The kept JSON texts' length, in characters. */
  size: number;
}

/**
 * Memory kept per database: the tests run several apps in one process, each on its own.
 * `perDatabase(create)(db)` is that database's, made by `create` the first time.
 */
export function perDatabase<Kept>(create: () => Kept): (db: Db) => Kept {
  const byDb = new WeakMap<Db, Kept>();
  return (db) => {
    let kept = byDb.get(db);
    if (kept === undefined) {
      kept = create();
      byDb.set(db, kept);
    }
    return kept;
  };
}

/** Sets `key` as the most recently used entry of `map`, dropping the least recent beyond `max`. */
export function keepRecent<Key, Value>(map: Map<Key, Value>, key: Key, value: Value, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}

const keptOf = perDatabase<KeptAnswers>(() => ({ answers: new Map(), size: 0 }));
/** Beyond either, the least recently used answers go. */
const KEPT_MAX = 500;
const KEPT_CHARS_MAX = 16 * 1024 * 1024;

function keep(kept: KeptAnswers, key: string, answer: Kept): void {
  drop(kept, key);
  kept.answers.set(key, answer);
  kept.size += answer.json.length;
  while (kept.answers.size > KEPT_MAX || kept.size > KEPT_CHARS_MAX) {
    const oldest = kept.answers.keys().next().value;
    if (oldest === undefined) break;
    drop(kept, oldest);
  }
}

function drop(kept: KeptAnswers, key: string): void {
  const answer = kept.answers.get(key);
  if (!answer) return;
  kept.answers.delete(key);
  kept.size -= answer.json.length;
}

/** The JSON text the contract's serializer (app.ts) would send for `value`. */
export const contractJson = <Schema extends z.ZodType>(schema: Schema, value: z.output<Schema>) =>
  JSON.stringify(encode(schema, value));

const formats = new WeakMap<z.ZodType, string>();

/**
 * A short hash of a contract schema, for answers' keys: a build that changes what an answer
 * holds never matches a tag an older build gave.
 */
export function formatOf(schema: z.ZodType): string {
  let format = formats.get(schema);
  if (format === undefined) {
    format = hash('sha1', JSON.stringify(toJSONSchema(schema, { io: 'output' })), 'base64url');
    format = format.slice(0, 10);
    formats.set(schema, format);
  }
  return format;
}

/** The weak ETag of `key` at `version`: the same on every instance. */
export const sharedTag = (key: string, version: string) =>
  `W/"s.${hash('sha1', `${key}\n${version}`, 'base64url')}"`;

/**
 * Sends the answer `key` names at the group's `version`: 304 when the client holds it,
 * the kept bytes when this instance built it at that version, else `build()`'s, kept.
 * `key` must name everything the answer depends on besides the group's version (the
 * route, the group, the page, the viewer's class) and the answer's format.
 */
export async function sendShared(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  version: string,
  build: () => Promise<SharedAnswer>,
): Promise<FastifyReply> {
  const kept = keptOf(db);
  let answer = kept.answers.get(key);
  if (answer && answer.version === version) {
    kept.answers.delete(key);
    kept.answers.set(key, answer);
  } else {
    const tag = sharedTag(key, version);
    if (matchesTag(request.headers['if-none-match'], tag)) {
      return reply.header('etag', tag).code(304).send();
    }
    answer = { ...(await build()), version, tag, encoded: {} };
    keep(kept, key, answer);
  }
  void reply.header('etag', answer.tag);
  for (const [name, value] of Object.entries(answer.headers ?? {})) void reply.header(name, value);
  if (matchesTag(request.headers['if-none-match'], answer.tag)) return reply.code(304).send();
  const sent = answer;
  return sendJson(
    request,
    reply,
    sent.json,
    (encoding) => (sent.encoded[encoding] ??= compress(encoding, sent.json, KEPT_BROTLI_QUALITY)),
  );
}

/**
 * Sends JSON text compressed as the client accepts (br, then gzip; under a packet, plain),
 * by `encode`: a kept body, or one made now.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  encode: (encoding: Encoding) => Buffer,
): FastifyReply {
  void reply.type('application/json; charset=utf-8');
  const encoding = json.length >= COMPRESS_THRESHOLD ? encodingFor(request) : null;
  if (!encoding) return reply.send(json);
  return sendEncoded(reply, encoding, encode(encoding));
}

/** Answers compressed under their tags by sendTagged, per database. */
const taggedBodiesOf = perDatabase(compressedBodies);

/**
 * Sends an answer whose weak ETag `tag` is known before it is built and names it exactly
 * (the props list, a member's picks: decision 0024): 304 when the client holds it; the
 * compressed body this instance already made under it; else `build()`'s JSON text,
 * compressed at `quality` and kept under the tag.
 */
export async function sendTagged(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
  quality: number,
  build: () => Promise<string>,
): Promise<FastifyReply> {
  void reply.header('etag', tag);
  if (matchesTag(request.headers['if-none-match'], tag)) return reply.code(304).send();
  const kept = taggedBodiesOf(db);
  const encoding = encodingFor(request);
  const compressed = encoding ? keptBody(kept, tag, encoding) : undefined;
  if (encoding && compressed) return sendEncoded(reply, encoding, compressed);
  // Kept as text when it went out uncompressed: small, or to a client that takes no
  // compression (then it is sent so only to such a client, or when it is small).
  const plain = keptBody(kept, tag, 'plain');
  if (plain && (!encoding || plain.length < COMPRESS_THRESHOLD)) {
    return reply.type('application/json; charset=utf-8').send(plain);
  }
  const json = await build();
  if (!encoding || json.length < COMPRESS_THRESHOLD)
    keepBody(kept, tag, 'plain', Buffer.from(json));
  return sendJson(request, reply, json, (chosen) => compressOnce(kept, tag, chosen, json, quality));
}

/** A kept answer is compressed once per version: @fastify/compress's quality is fine. */
const KEPT_BROTLI_QUALITY = 4;
