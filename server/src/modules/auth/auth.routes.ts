import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authContract } from '@shared/contract/auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../plugins/guards';
import { clearSessionCookie, setSessionCookie, type CookieSecurity } from '../../plugins/session';
import { authenticate, registerUser } from './auth.service';
import { createSession, deleteSession } from './sessions';

export interface AuthRoutesOptions {
  db: Db;
  cookieSecurity: CookieSecurity;
  /** Attempts per IP per window for login and register. */
  attemptsPerWindow: number;
  attemptWindowMs: number;
}

export async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const attemptLimit = { max: options.attemptsPerWindow, timeWindow: options.attemptWindowMs };

  const { register, login, logout, me } = authContract;

  // Who is signed in, and the cookie that proves it: never stored by any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    method: register.method,
    url: register.path,
    schema: { body: register.body, response: { 201: register.response } },
    config: { public: true, rateLimit: attemptLimit },
    handler: async (request, reply) => {
      const user = await registerUser(db, request.body);
      // Like a login: the new account's session replaces whoever was signed in here.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      setSessionCookie(request, reply, await createSession(db, user.id), options.cookieSecurity);
      return reply.status(201).send({ user });
    },
  });

  app.route({
    method: login.method,
    url: login.path,
    schema: { body: login.body, response: { 200: login.response } },
    config: { public: true, rateLimit: attemptLimit },
    handler: async (request, reply) => {
      const user = await authenticate(db, request.body);
      // A fresh token on every login: a token planted before sign-in is worth nothing.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      setSessionCookie(request, reply, await createSession(db, user.id), options.cookieSecurity);
      return { user };
    },
  });

  app.route({
    method: logout.method,
    url: logout.path,
    config: { public: true },
    handler: async (request, reply) => {
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  });

  app.route({
    method: me.method,
    url: me.path,
    schema: { response: { 200: me.response } },
    onRequest: [requireUser],
    handler: async (request) => ({ user: currentUser(request) }),
  });
}
