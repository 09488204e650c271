import type { FastifyInstance, FastifyRequest } from 'fastify';

const apiPathOf = (request: FastifyRequest): string | null => {
  const [path = request.url] = request.url.split('?', 1);
  return path.startsWith('/api/') ? path : null;
};

/**
 * One info line per API request once answered (and one at debug as it arrives); the client's
 * files are not logged, a page load asks for dozens. Fastify's own request lines are off.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const path = apiPathOf(request);
    if (path) request.log.debug({ method: request.method, path }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const path = apiPathOf(request);
    if (path) {
      request.log.info(
        {
          method: request.method,
          path,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        `${request.method} ${path} ${reply.statusCode}`,
      );
    }
    done();
  });
}
