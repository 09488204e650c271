import { hash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD, compressedBodies, compressOnce, encodingFor } from './compression';

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
    if (matchesTag(request.headers['if-none-match'], tag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    // The tag is the body's own hash: a body this instance has sent before (a group's
    // details read again) is compressed once. What is compressed here, @fastify/compress
    // leaves alone (Content-Encoding is set).
    const encoding =
      request.url.startsWith('/api/') &&
      JSON_TYPE.test(String(reply.getHeader('content-type') ?? '')) &&
      Buffer.byteLength(payload) >= COMPRESS_THRESHOLD
        ? encodingFor(request)
        : null;
    if (!encoding) {
      done(null, payload);
      return;
    }
    const body = compressOnce(byContent, tag, encoding, payload, BROTLI_QUALITY);
    reply
      .header('vary', 'accept-encoding')
      .header('content-encoding', encoding)
      .header('content-length', body.length);
    done(null, body);
  });
}

/** Bodies compressed by the hook above, by their content's tag (the same on any database). */
const byContent = compressedBodies();
/** @fastify/compress's own brotli quality, which these answers had before. */
const BROTLI_QUALITY = 4;

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and may list tags or be `*`. */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = tag.slice(2);
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}
