import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
    const origin = request.headers.origin;
    if (origin && !isSameOrigin(origin, request.headers.host)) {
      throw forbidden('Cross-site requests are not allowed');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site requests are not allowed');
    }
  });
}

function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
