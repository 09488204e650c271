import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, {
  LogController,
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
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { SESSION_COOKIE } from './modules/auth/sessions';
import { sendGroupPage } from './modules/groups/group-page';
import { configRoutes } from './modules/config/config.routes';
import { conversationRoutes } from './modules/conversation/conversation.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invitesRoutes } from './modules/invites/invites.routes';
import { registerJoinPage } from './modules/invites/join-page';
import {
  masterPropsRoutes,
  type MasterPropsOptions,
} from './modules/master-props/master-props.routes';
import { liveRoutes } from './modules/live/live.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { Mailer, type MailOptions } from './modules/mail/mailer';
import { nudgesRoutes } from './modules/nudges/nudges.routes';
import { potRoutes } from './modules/pot/pot.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { tiebreakersRoutes } from './modules/tiebreakers/tiebreakers.routes';
import { roundsRoutes } from './modules/rounds/rounds.routes';
import { seasonsRoutes } from './modules/seasons/seasons.routes';
import { startFeedJobs } from './modules/games/feed-jobs';
import { gamesRoutes } from './modules/games/games.routes';
import type { ScoresFeed } from './modules/games/scores-feed';
import { propsRoutes } from './modules/props/props.routes';
import { startPushJobs, type PushJobOptions } from './modules/push/push-jobs';
import {
  startRoundWinnerJobs,
  type RoundWinnerJobOptions,
} from './modules/seasons/round-winners-jobs';
import { pushRoutes } from './modules/push/push.routes';
import { ensureVapidKeys, type VapidKeys } from './modules/push/vapid';
import { usersRoutes } from './modules/users/users.routes';
import { DatabaseOutage } from './http/database-outage';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHttpCaching } from './plugins/http-caching';
import { isGuard } from './http/guards';
import { registerRateLimit } from './plugins/rate-limit';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerRequestLog } from './plugins/request-log';
import { registerRejectNul } from './plugins/reject-nul';
import { inlineScriptSources } from './http/inline-scripts';
import { registerSecurity } from './plugins/security';
import { registerSession, type CookieSecurity } from './plugins/session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a route anyone may call; every other /api route must name a guard. */
    public?: boolean;
  }
  interface FastifyInstance {
    /** For the route-table test and for reading. */
    routeTable: RouteAccess[];
    databaseOutage: DatabaseOutage;
  }
}

/** Body size allowed on a route that does not set its own `bodyLimit`. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Longer than the idle timeout of the usual proxies (60 s). */
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
   * TRUST_PROXY: how many proxies set X-Forwarded-* (`true`: one). Client addresses are read
   * from the hop the nearest trusted proxy saw, never from the left end of X-Forwarded-For,
   * which any client can write.
   */
  trustProxy?: number | boolean;
  /** For the whole request, headers and body. */
  requestTimeoutMs?: number;
  /** dist/client; served with a fallback to index.html when present. */
  clientDir?: string;
  /** Per IP per window. */
  authAttempts?: { max: number; windowMs: number };
  masterProps?: MasterPropsOptions;
  /** Unset hides Donate in the client. */
  donateUrl?: string;
  /** The job queue is off unless given. */
  push?: { vapid?: Partial<VapidKeys>; allowedHosts?: string[]; jobs?: PushJobOptions };
  /** Off unless given, and only with the job queue. */
  mail?: MailOptions;
  /** Settling rounds' winners on the job queue; off unless given. */
  roundWinners?: RoundWinnerJobOptions;
  /** Absent or feed null: off. `jobs`: poll it on the job queue. */
  scoresFeed?: {
    feed: ScoresFeed | null;
    pollIntervalMs: number;
    jobs?: { pollIntervalMs: number };
  };
  /** Tests shorten the heartbeat. */
  live?: { heartbeatMs?: number };
}

/** Ready for `inject()` or `listen()`; it never listens itself. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's own two lines a request are off: registerRequestLog writes one.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustNearestHops(Number(options.trustProxy ?? 0)),
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: false,
    // While shutting down, a request still arriving on a keep-alive connection is served
    // (with Connection: close): the drain waits for it anyway.
    return503OnClosing: false,
    // A client trickling its request is cut off, checked every second rather than every 30 s.
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
      // connections a proxy or a browser is about to reuse (the request then fails with a reset).
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
  registerRequestLog(app);
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
  // Not registered from shared/contract: it is the OpenAPI document generated from it.
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
  await app.register(auditRoutes, { db: options.db });
  await app.register(potRoutes, { db: options.db });
  await app.register(exportsRoutes, { db: options.db });
  await app.register(tiebreakersRoutes, { db: options.db });
  await app.register(roundsRoutes, { db: options.db });
  await app.register(seasonsRoutes, { db: options.db });
  await app.register(conversationRoutes, { db: options.db });
  await app.register(liveRoutes, { db: options.db, heartbeatMs: options.live?.heartbeatMs });
  await app.register(masterPropsRoutes, { db: options.db, ...options.masterProps });
  await app.register(healthRoutes, { db: options.db });
  const vapid = await ensureVapidKeys(options.db, options.push?.vapid);
  const mailer =
    options.mail && options.push?.jobs ? new Mailer(options.mail, vapid.privateKey) : undefined;
  await app.register(configRoutes, { donateUrl: options.donateUrl, email: Boolean(mailer) });
  await app.register(pushRoutes, {
    db: options.db,
    vapid,
    allowedHosts: options.push?.allowedHosts ?? [],
  });
  const queue = options.push?.jobs
    ? await startPushJobs(app, options.db, vapid, options.push.jobs, mailer)
    : undefined;
  await app.register(mailRoutes, { db: options.db, mailer, sendCode: queue?.sendCode });
  await app.register(nudgesRoutes, {
    db: options.db,
    reach: { email: Boolean(mailer) },
    enqueue: queue?.deliver,
  });
  const feedContext = {
    db: options.db,
    feed: options.scoresFeed?.feed ?? null,
    pollIntervalMs: options.scoresFeed?.pollIntervalMs ?? 60_000,
    log: app.log,
  };
  const feedJobs =
    feedContext.feed && options.scoresFeed?.jobs
      ? await startFeedJobs(app, feedContext, options.scoresFeed.jobs.pollIntervalMs)
      : null;
  await app.register(gamesRoutes, { context: feedContext, jobs: feedJobs });
  if (options.roundWinners) await startRoundWinnerJobs(app, options.db, options.roundWinners);

  if (options.clientDir) await serveClient(app, options.clientDir, options.db);
  else app.setNotFoundHandler(answerUnknownApiRoute);
  return app;
}

/** A proxy address (hop 0 is the socket's peer) is believed only within the first `hops`. */
function trustNearestHops(hops: number) {
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
}

/** API answers carry personal data: never kept by a shared cache, revalidated before reuse. */
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
 * Hashed assets cached for a year, pages never. Files are looked up per request, so a new
 * build is served without a restart. A page URL gets its built page and the client's
 * router decides, 'Page Not Found' included.
 */
async function serveClient(app: FastifyInstance, clientDir: string, db: Db) {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run \`npm run build\`.`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    // scripts/build.mjs writes .br and .gz copies beside each text file.
    preCompressed: true,
    // Our own cache-control (below), not the plugin's max-age=0 on everything.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Caches must key on the encoding asked for (and `/` on the session cookie: pageFor).
      res.setHeader(
        'vary',
        /\.html(\.br|\.gz)?$/.test(filePath) ? 'accept-encoding, cookie' : 'accept-encoding',
      );
    },
  });
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFor(request);
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
 * `/` without a session cookie is the prerendered landing (a visitor for sure), with one the
 * shell preloading the home screen; a group page preloads the group screen's chunks.
 */
function pageFor(request: FastifyRequest) {
  const pathname = request.url.split('?', 1)[0];
  if (pathname === '/') return request.cookies[SESSION_COOKIE] ? 'home.html' : 'landing.html';
  if (/^\/group\/[^/]+\/?$/.test(pathname ?? '')) return 'group.html';
  return 'index.html';
}
