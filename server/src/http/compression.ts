import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** Below about a packet, compressing saves nothing the headers do not cost back. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/** @fastify/compress's brotli quality for dynamic answers: about gzip's speed, smaller. */
export const BROTLI_QUALITY = 4;

/** Brotli at `quality`, gzip at its default level (as @fastify/compress does). */
export function compress(
  encoding: Encoding,
  text: string | Buffer,
  quality = BROTLI_QUALITY,
): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } })
    : gzipSync(text);
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
