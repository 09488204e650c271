import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressing the API's JSON answers (decisions 0019, 0024, 0027): the encoding a client
 * gets, the compressors, and the bodies kept so that the same answer is not compressed twice.
 */

/** Below about a packet, compressing saves nothing the headers do not cost back. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/** Sends a JSON body already compressed with `encoding`. */
export function sendEncoded(reply: FastifyReply, encoding: Encoding, body: Buffer): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .header('content-length', body.length)
    .send(body);
}

/**
 * Compressed answers by their ETag, most recently used last: an answer sent again with the
 * same tag (the same bytes: a tag names one content) is not compressed again, and a route
 * that knows its tag before building (the props list) is not even built again. Bounded by
 * count and bytes; compressed bodies are small (a 300-prop list is about 5 KB in brotli).
 */
export interface CompressedBodies {
  bodies: Map<string, Buffer>;
  bytes: number;
}

export const compressedBodies = (): CompressedBodies => ({ bodies: new Map(), bytes: 0 });
const COMPRESSED_KEPT = 4000;
const COMPRESSED_BYTES_KEPT = 16 * 1024 * 1024;

/** How a kept body is encoded: compressed, or as the JSON text itself (a small answer). */
export type KeptForm = Encoding | 'plain';

/** The body kept for `tag` in `form`, if this instance has made it. */
export function keptBody(kept: CompressedBodies, tag: string, form: KeptForm): Buffer | undefined {
  const key = `${form} ${tag}`;
  const body = kept.bodies.get(key);
  if (body) {
    kept.bodies.delete(key);
    kept.bodies.set(key, body);
  }
  return body;
}

/** Keeps `body` for `tag` in `form`, dropping the least recently used beyond the bounds. */
export function keepBody(kept: CompressedBodies, tag: string, form: KeptForm, body: Buffer) {
  const key = `${form} ${tag}`;
  const before = kept.bodies.get(key);
  if (before) kept.bytes -= before.length;
  kept.bodies.delete(key);
  kept.bodies.set(key, body);
  kept.bytes += body.length;
  while (kept.bodies.size > COMPRESSED_KEPT || kept.bytes > COMPRESSED_BYTES_KEPT) {
    const oldest = kept.bodies.entries().next().value;
    if (oldest === undefined) break;
    kept.bodies.delete(oldest[0]);
    kept.bytes -= oldest[1].length;
  }
}

/** `json` compressed for `tag` in `encoding`: the kept body, or made now and kept. */
export function compressOnce(
  kept: CompressedBodies,
  tag: string,
  encoding: Encoding,
  json: string | Buffer,
  quality: number,
): Buffer {
  const found = keptBody(kept, tag, encoding);
  if (found) return found;
  const body = compress(encoding, json, quality);
  keepBody(kept, tag, encoding, body);
  return body;
}

/**
 * Brotli at `quality`, gzip at its default level (@fastify/compress's, http-caching.ts).
 * A large answer built for one viewer (the props list) is compressed on every request:
 * quality 2 takes a quarter of quality 4's time on it for a body about 3% larger.
 */
export function compress(encoding: Encoding, json: string | Buffer, quality: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } })
    : gzipSync(json);
}

/**
 * The encoding to send, as @fastify/compress negotiates it: the highest q of br and gzip
 * (br on a tie; `*` stands for either; `x-gzip` is gzip), none when neither is accepted or
 * the client asked for no compression.
 */
export function encodingFor(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) {
    return null;
  }
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const any = q.get('*');
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const value = q.get(encoding) ?? any ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}
