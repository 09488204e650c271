import { hash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers compressed, and GETs revalidated with ETag / 304 (decision 0019).
 *
 * Registered before every route: @fastify/compress attaches itself to the routes declared
 * after it. Only the API's JSON is compressed here; the built client's files are
 * compressed once at build time and sent as they are, never again per request (and the
 * plugin leaves any answer whose Content-Encoding is already set alone). Event streams are
 * never compressed: a compressor buffers, and a live update must leave at once.
 */
export async function registerHttpCaching(app: FastifyInstance) {
  registerETags(app);
  // Runs before the plugin's own onRoute hook, which reads `compress: false` as 'leave it'.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Below about a packet, compressing saves nothing the headers do not cost back.
    threshold: COMPRESS_THRESHOLD,
    customTypes: JSON_TYPE,
    // JSON held in memory up to this size is compressed in one call rather than through a
    // zlib stream: the 200 KB props list of a 300-prop group cost more in the stream's
    // chunks and scheduling than in brotli itself (decision 0024). On a small machine the
    // stream's thread-pool overlap buys nothing back.
    syncThreshold: SYNC_COMPRESS_MAX,
    // Request bodies are small JSON, limited and depth-checked as sent; accepting them
    // compressed would be a way around those checks (a zip bomb): they stay unreadable.
    globalDecompression: false,
  });
}

export const COMPRESS_THRESHOLD = 1024;
const SYNC_COMPRESS_MAX = 512 * 1024;

/** application/json and +json types; never text/event-stream. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * A weak ETag on every successful GET, from the JSON as serialized (before compression:
 * br, gzip and identity bodies of one answer share it, hence weak), and 304 with no body
 * when the browser already holds it. Personal answers keep `Cache-Control: private,
 * no-cache`, so the browser asks every time and this saves the transfer, not the query.
 * An instance-level onSend hook, so it runs before the compressor's route-level one. A route
 * that knows its tag before building its answer (the props list, decision 0024) sets it and
 * answers 304 itself; the hook leaves such answers alone.
 */
function registerETags(app: FastifyInstance) {
  // A callback hook: it runs on every answer, and most leave with nothing to do.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      reply.hasHeader('etag') ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      done(null, payload);
      return;
    }
    const tag = `W/"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', tag);
    if (!matchesTag(request.headers['if-none-match'], tag)) {
      done(null, payload);
      return;
    }
    reply.code(304);
    done(null, '');
  });
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
