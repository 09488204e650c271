import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import { activityRoutes } from './modules/activity/activity.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { SESSION_COOKIE } from './modules/auth/sessions';
import { sendGroupPage } from './modules/groups/group-page';
import { configRoutes } from './modules/config/config.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invitesRoutes } from './modules/invites/invites.routes';
import { registerJoinPage } from './modules/invites/join-page';
import {
  masterPropsRoutes,
  type MasterPropsOptions,
} from './modules/master-props/master-props.routes';
import { liveRoutes } from './modules/live/live.routes';
import { propsRoutes } from './modules/props/props.routes';
import { startPushJobs, type PushJobOptions } from './modules/push/push-jobs';
import { pushRoutes } from './modules/push/push.routes';
import { ensureVapidKeys, type VapidKeys } from './modules/push/vapid';
import { usersRoutes } from './modules/users/users.routes';
import { DatabaseOutage } from './plugins/database-outage';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHttpCaching } from './plugins/http-caching';
import { isGuard } from './plugins/guards';
import { registerRateLimit } from './plugins/rate-limit';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerRejectNul } from './plugins/reject-nul';
import { inlineScriptSources } from './plugins/inline-scripts';
import { registerSecurity } from './plugins/security';
import { registerSession, type CookieSecurity } from './plugins/session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a route anyone may call; every other /api route must name a guard. */
    public?: boolean;
  }
  interface FastifyInstance {
    /** Every route and who may call it, for the route-table test and for reading. */
    routeTable: RouteAccess[];
    /** Whether the database is known to be down (readiness) and the outage's log lines. */
    databaseOutage: DatabaseOutage;
  }
}

/** Body size allowed on a route that does not set its own `bodyLimit`. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Fastify's default: longer than the idle timeout of the usual proxies (60 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | string[];
}

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  cookieSecurity?: CookieSecurity;
  /**
   * TRUST_PROXY: how many proxies in front of the app set X-Forwarded-* (0: none). Client
   * addresses are read from the hop the nearest trusted proxy saw, never from the
   * left end of X-Forwarded-For, which any client can write. `true` means one proxy.
   */
  trustProxy?: number | boolean;
  /** How long a client may take to send a whole request (headers and body), in ms. */
  requestTimeoutMs?: number;
  /** The built client (dist/client); served with a fallback to index.html when present. */
  clientDir?: string;
  /** Login and register attempts allowed per IP per window. */
  authAttempts?: { max: number; windowMs: number };
  /** Where the master-props sheets come from (MASTER_PROPS_SOURCE_*), and fetch limits. */
  masterProps?: MasterPropsOptions;
  /** DONATE_URL: the external donation page; unset hides Donate in the client. */
  donateUrl?: string;
  /** Web push: configured VAPID keys, extra push service hosts, and the job queue (off unless given). */
  push?: { vapid?: Partial<VapidKeys>; allowedHosts?: string[]; jobs?: PushJobOptions };
  /** Live updates: the heartbeat's period (tests shorten it). */
  live?: { heartbeatMs?: number };
}

/** Builds the whole app, ready for `inject()` or `listen()`; it never listens itself. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustNearestHops(Number(options.trustProxy ?? 0)),
    // No API body comes near this; a route that needs more sets its own bodyLimit.
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: false,
    // While shutting down, a request that still arrives on an open keep-alive connection
    // is served (with Connection: close) rather than refused: it is as much in flight as
    // the others, and the drain waits for it anyway.
    return503OnClosing: false,
    // A client trickling its request (one byte every few seconds) is cut off after this,
    // checked every second rather than Node's default 30 s.
    serverFactory: (handler: http.RequestListener) => {
      const server = http.createServer(
        {
          requestTimeout,
          headersTimeout: Math.min(requestTimeout, 20_000),
          connectionsCheckingInterval: 1_000,
        },
        handler,
      );
      // Fastify sets this only on a server it creates; Node's own 5 s would close idle
      // connections that a proxy in front (typically 60 s idle) or a browser is about to
      // reuse, and the request sent on one as it closes fails with a reset.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'HEAD')) return;
    const hooks = [route.onRequest, route.preHandler].flat().filter(isGuard);
    const access = route.config?.public ? 'public' : hooks.map((hook) => hook.name);
    if (route.url.startsWith('/api/') && access.length === 0) {
      throw new Error(`${methods.join(',')} ${route.url} has no auth guard and is not public`);
    }
    app.routeTable.push({ method: methods.join(','), url: route.url, access });
  });

  app.decorate('databaseOutage', new DatabaseOutage(options.db, app.log));
  app.addHook('onClose', async () => app.databaseOutage.stop());
  registerErrorHandler(app, app.databaseOutage);
  registerJsonBodyParser(app);
  registerCacheControl(app);
  await registerHttpCaching(app);
  await app.register(cookie);
  registerSecurity(app, { inlineScripts: inlineScriptSources(options.clientDir) });
  await registerRateLimit(app, options.db);
  registerSession(app, options.db);
  registerRejectNul(app);

  await app.register(swagger, {
    openapi: {
      info: { title: "Pick'em API", version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pickem_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The one /api route not registered from shared/contract: it is the OpenAPI document
  // generated from the contract, not part of what it describes.
  app.get('/api/docs/json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const attempts = options.authAttempts ?? { max: 10, windowMs: 60_000 };
  await app.register(authRoutes, {
    db: options.db,
    cookieSecurity: options.cookieSecurity ?? 'auto',
    attemptsPerWindow: attempts.max,
    attemptWindowMs: attempts.windowMs,
  });
  await app.register(usersRoutes, { db: options.db });
  await app.register(groupsRoutes, { db: options.db });
  await app.register(invitesRoutes, { db: options.db });
  await app.register(propsRoutes, { db: options.db });
  await app.register(activityRoutes, { db: options.db });
  await app.register(liveRoutes, { db: options.db, heartbeatMs: options.live?.heartbeatMs });
  await app.register(masterPropsRoutes, { db: options.db, ...options.masterProps });
  await app.register(healthRoutes, { db: options.db });
  await app.register(configRoutes, { donateUrl: options.donateUrl });
  const vapid = await ensureVapidKeys(options.db, options.push?.vapid);
  await app.register(pushRoutes, {
    db: options.db,
    vapid,
    allowedHosts: options.push?.allowedHosts ?? [],
  });
  if (options.push?.jobs) await startPushJobs(app, options.db, vapid, options.push.jobs);

  if (options.clientDir) await serveClient(app, options.clientDir, options.db);
  else app.setNotFoundHandler(answerUnknownApiRoute);
  return app;
}

/**
 * API answers carry personal data (who is signed in, picks, payment status): never kept by
 * a shared cache, and revalidated before a browser reuses one. Routes may set their own.
 */
/** A proxy address (hop 0 is the socket's peer) is believed only within the first `hops`. */
function trustNearestHops(hops: number) {
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
}

function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-cache');
    }
    done(null, payload);
  });
}

function answerUnknownApiRoute(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `No such API route: ${request.method} ${request.url}` });
}

/**
 * The single-page client: hashed assets cached for a year, index.html never cached.
 * Files are looked up per request, so a new build is served without a restart. A GET
 * for a page (not /api, not a missing asset) gets index.html and the client's router
 * decides, including its 'Page Not Found' screen.
 */
async function serveClient(app: FastifyInstance, clientDir: string, db: Db) {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run \`npm run build\`.`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    // `npm run build` writes .br and .gz copies beside each text file (scripts/build.mjs).
    preCompressed: true,
    // Our own cache-control (below) instead of the plugin's max-age=0 on everything.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The same URL answers br, gzip or plain bytes: caches must key on what was asked
      // (and `/` on whether a session cookie came: pageFor).
      res.setHeader(
        'vary',
        /\.html(\.br|\.gz)?$/.test(filePath) ? 'accept-encoding, cookie' : 'accept-encoding',
      );
    },
  });
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFor(request);
    // A build from before these pages existed has index.html only.
    const file = existsSync(path.join(clientDir, page)) ? page : 'index.html';
    if (file === 'group.html') return sendGroupPage(db, request, reply, path.join(clientDir, file));
    return reply.header('cache-control', 'no-cache').sendFile(file);
  };
  app.get('/', { config: { public: true } }, sendPage);
  registerJoinPage(app, db, indexFile);
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    if (!isPage) {
      if (request.url.startsWith('/api/')) return answerUnknownApiRoute(request, reply);
      return reply.status(404).send({ message: `Not found: ${request.url}` });
    }
    return sendPage(request, reply);
  });
}

/**
 * The built page for a page URL (scripts/build.mjs): `/` without a session cookie is the
 * prerendered landing (no cookie, no session: a visitor for sure), with one the shell
 * preloading the home screen; a group page preloads the group screen's chunks; every
 * other page is the bare shell and its router decides.
 */
function pageFor(request: FastifyRequest) {
  const pathname = request.url.split('?', 1)[0];
  if (pathname === '/') return request.cookies[SESSION_COOKIE] ? 'home.html' : 'landing.html';
  if (/^\/group\/[^/]+\/?$/.test(pathname ?? '')) return 'group.html';
  return 'index.html';
}
