import type { FastifyInstance } from 'fastify';
import { authContract } from '@shared/contract/auth';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentUser, requireUser } from '../../http/guards';
import { clearSessionCookie, setSessionCookie, type CookieSecurity } from '../../plugins/session';
import { authenticate, registerUser } from './auth.service';
import { createSession, deleteSession } from './sessions';

export interface AuthRoutesOptions {
  db: Db;
  cookieSecurity: CookieSecurity;
  /** Per IP per window, for login and register. */
  attemptsPerWindow: number;
  attemptWindowMs: number;
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { db } = options;
  const attemptLimit = { max: options.attemptsPerWindow, timeWindow: options.attemptWindowMs };
  const c = authContract;

  // Never stored by any cache: who is signed in, and the cookie that proves it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, c.register, {
    guard: 'public',
    config: { rateLimit: attemptLimit },
    status: 201,
    handler: async (request, reply) => {
      const user = await registerUser(db, request.body);
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      setSessionCookie(request, reply, await createSession(db, user.id), options.cookieSecurity);
      return { user };
    },
  });

  defineRoute(app, c.login, {
    guard: 'public',
    config: { rateLimit: attemptLimit },
    handler: async (request, reply) => {
      const user = await authenticate(db, request.body);
      // A fresh token on every login: a token planted before sign-in is worth nothing.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      setSessionCookie(request, reply, await createSession(db, user.id), options.cookieSecurity);
      return { user };
    },
  });

  defineRoute(app, c.logout, {
    guard: 'public',
    status: 204,
    handler: async (request, reply) => {
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      clearSessionCookie(reply);
    },
  });

  defineRoute(app, c.me, {
    guard: requireUser,
    handler: async (request) => ({ user: currentUser(request) }),
  });
}
