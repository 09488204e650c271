import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a strict CSP for the page, and a refusal of state-changing
 * requests sent by another site's page (the session cookie is SameSite=Lax; this closes
 * the rest, such as sibling subdomains).
 */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    if (!isSameSite(request)) throw forbidden('Cross-site requests are not allowed');
  });
}

/**
 * A write must come from our own pages. Browsers send Origin on every cross-site write;
 * when one sends no Origin (some privacy settings), a Referer from another site is just as
 * telling. A request with neither is not a browser's cross-site request (the SameSite
 * cookie covers the rest). "Our own" is the scheme and host the browser used: behind a
 * trusted proxy, the ones it forwarded (X-Forwarded-Proto/-Host), not the proxy's own.
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
