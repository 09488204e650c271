import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  findSessionUser,
  type SessionUser,
} from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie and nothing else. */
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** The route's first guard reads the session itself, with what it checks, in one statement. */
    sessionReadByGuard?: boolean;
  }
}

/** The session cookie's token as sent, or null when there is none that could be one. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : null;
}

export function setRequestUser(request: FastifyRequest, user: SessionUser, token: string) {
  request.user = user;
  request.sessionToken = token;
}

export type CookieSecurity = 'true' | 'false' | 'auto';

/** Reads the session cookie on every request; identity never comes from headers or bodies. */
export function registerSession(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.sessionReadByGuard) return;
    const token = sessionTokenOf(request);
    if (!token) return;
    const user = await findSessionUser(db, token);
    if (user) setRequestUser(request, user, token);
  });
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  security: CookieSecurity,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: security === 'auto' ? request.protocol === 'https' : security === 'true',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
