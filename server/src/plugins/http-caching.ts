import { hash } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { keptAnswerStores, KeptAnswers, matchesTag } from '../http/answer';
import { compress, COMPRESS_THRESHOLD, encodingFor } from '../http/compression';

/**
 * JSON answers compressed, and GETs revalidated with ETag / 304. Registered before every
 * route (@fastify/compress attaches to routes declared after it). The built client's files
 * are compressed at build time; event streams never (a compressor buffers).
 */
export async function registerHttpCaching(app: FastifyInstance) {
  app.decorate('keptAnswers', keptAnswerStores());
  registerETags(app);
  // Runs before the plugin's own onRoute hook, which reads `compress: false` as 'leave it'.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.compress === undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: JSON_TYPE,
    // JSON held in memory up to this size is compressed in one call: a zlib stream's chunks
    // and scheduling cost more than brotli itself on the props list.
    syncThreshold: SYNC_COMPRESS_MAX,
    // Request bodies are limited and depth-checked as sent; accepting them compressed would
    // be a way around those checks (a zip bomb).
    globalDecompression: false,
  });
}

const SYNC_COMPRESS_MAX = 512 * 1024;

/** application/json and +json types; never text/event-stream. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * A weak ETag on every successful GET, from the JSON before compression (br, gzip and plain
 * bodies share it), and 304 when the browser holds it: `private, no-cache` answers save the
 * transfer, not the query. An instance-level hook, so it runs before the compressor's. A
 * route that knows its tag before building its answer sets it, and the hook leaves it alone.
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
    // The tag is the body's own hash: a body sent before is compressed once. What is
    // compressed here, @fastify/compress leaves alone (Content-Encoding is set).
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
    const kept = byContent.get(tag, tag) ?? byContent.keep(tag, tag);
    const body =
      kept.encoded[encoding] ?? byContent.keepEncoded(kept, encoding, compress(encoding, payload));
    reply
      .header('vary', 'accept-encoding')
      .header('content-encoding', encoding)
      .header('content-length', body.length);
    done(null, body);
  });
}

/** Bodies compressed by the hook above, by their content's tag (the same on any database). */
const byContent = new KeptAnswers(4000, 16 * 1024 * 1024);
