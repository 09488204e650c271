import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../http/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a strict CSP for the page, and a refusal of state-changing
 * requests sent by another site's page (the session cookie is SameSite=Lax; this closes
 * the rest, such as sibling subdomains).
 */
export function registerSecurity(
  app: FastifyInstance,
  { inlineScripts = [] }: { inlineScripts?: string[] } = {},
): void {
  const headers = securityHeaders(helmetOptions(inlineScripts));
  // Set on the raw response, as helmet's middleware does, so an answer that bypasses
  // Fastify's reply (a hijacked event stream) carries them too.
  // A callback hook, not an async one: no promise per request for what is synchronous.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (MUTATING.has(request.method) && !isSameSite(request)) {
      done(forbidden('Cross-site requests are not allowed'));
      return;
    }
    done();
  });
}

/** `inlineScripts`: the hashes of the built pages' inline scripts (inline-scripts.ts). */
const helmetOptions = (inlineScripts: string[]): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Lets the About page's links open donation pages and the like without leaking the URL.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * Worked out once: every directive is a fixed string, so each answer gets the same values
 * (@fastify/helmet rebuilt the middleware and parsed the CSP on every request).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  // Helmet reports a bad option by throwing (since 8.1) or through the callback.
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('Invalid helmet options');
  return [...headers];
}

/**
 * Browsers send Origin on every cross-site write; without one, a Referer from another site
 * is as telling; with neither it is no browser's cross-site request. "Our own" is the
 * scheme and host the browser used (behind a trusted proxy, the forwarded ones).
 */
function isSameSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const expected = originOf(`${request.protocol}://${request.host}`);
  if (!expected) return false;
  const { origin, referer } = request.headers;
  if (origin) return originOf(origin) === expected;
  if (referer) return originOf(referer) === expected;
  return true;
}

/** scheme://host[:port] with the default port dropped, or null for anything unreadable. */
function originOf(address: string): string | null {
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
