import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { readEnv, wantsExampleMasterProps, type Env } from './config/env';
import { lockDataDir } from './db/instance-lock';
import { openDatabase, type OpenedDatabase } from './db/open-database';
import { deleteExpiredSessions } from './modules/auth/sessions';
import { espnFeed } from './modules/games/espn-feed';
import { loadExampleMasterProps } from './modules/master-props/master-props-sync';
import { deleteExpiredRateLimits } from './plugins/rate-limit';

const HOUR_MS = 60 * 60 * 1000;
/** Beyond the drain. */
const CLOSE_GRACE_MS = 15_000;

async function main() {
  const heldSignals = holdSignalsWhileStarting();
  // A local .env (see .env.example) fills in what the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = readEnv();
  // Taken before the embedded PostgreSQL is touched, so a second start cannot harm the first.
  const lock = env.DATABASE_URL ? undefined : await lockDataDir(env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    timeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    log: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? console.log : undefined,
  });

  const app = await buildApp({
    db: database.db,
    logger: loggerFor(env),
    cookieSecurity: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    authAttempts: { max: env.AUTH_ATTEMPTS_PER_MINUTE, windowMs: 60_000 },
    masterProps: {
      sources: { NFL: env.MASTER_PROPS_SOURCE_NFL, NCAAF: env.MASTER_PROPS_SOURCE_NCAAF },
    },
    donateUrl: env.DONATE_URL,
    push: {
      vapid: {
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT,
      },
      allowedHosts: env.PUSH_SERVICE_HOSTS,
      jobs: {
        scanIntervalMs: env.PUSH_SCAN_INTERVAL_MS,
        pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
        recapBatchMs: env.RECAP_BATCH_SECONDS * 1000,
      },
    },
    roundWinners: {
      intervalMs: env.ROUND_WINNERS_INTERVAL_MS,
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    },
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
        }
      : undefined,
    scoresFeed: {
      feed:
        env.SCORES_FEED === 'off'
          ? null
          : espnFeed({
              baseUrl: env.SCORES_FEED_URL,
              timeoutMs: env.SCORES_FEED_TIMEOUT_MS,
              maxBytes: 8 * 1024 * 1024,
            }),
      pollIntervalMs: env.SCORES_POLL_INTERVAL_MS,
      jobs: { pollIntervalMs: env.JOB_POLL_INTERVAL_MS },
    },
    clientDir: env.SERVE_CLIENT
      ? fileURLToPath(new URL('../../dist/client', import.meta.url))
      : undefined,
  });
  // One line per pooled connection at most: the request that used it logs its own 503.
  database.onConnectionLost((error) =>
    app.log.warn({ err: error }, 'A database connection was lost; the pool opens a new one'),
  );

  if (wantsExampleMasterProps(env)) {
    // A convenience for a newcomer: failing must not keep the app from starting.
    await loadExampleMasterProps(database.db).then(
      (loaded) => {
        if (loaded > 0) app.log.info(`Loaded ${loaded} example master props (no sheet yet)`);
      },
      (error: unknown) => app.log.warn({ err: error }, 'could not load the example master props'),
    );
  }

  const sweep = setInterval(() => void sweepExpiredRows(app, database), HOUR_MS);
  sweep.unref();

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Pick'em is serving http://localhost:${env.PORT} on ${database.description}`);
  const stopping = heldSignals.received.length > 0;
  handleShutdownSignals(app, env, heldSignals, async () => {
    clearInterval(sweep);
    await database.close();
    await lock?.release();
  });
  if (!stopping) void sweepExpiredRows(app, database);
}

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * A stop asked for while starting is carried out once started: a half-started app cannot
 * stop cleanly (the embedded PostgreSQL would be left running, or the pool closed under
 * the start-up's queries). Returns the signals received so far.
 */
function holdSignalsWhileStarting(): { received: NodeJS.Signals[]; release: () => void } {
  const received: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => {
    received.push(signal);
    console.log(`${signal} received while starting: stopping once started`);
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, hold);
  return {
    received,
    release: () => {
      for (const signal of SHUTDOWN_SIGNALS) process.off(signal, hold);
    },
  };
}

/** Any instance may do it. */
async function sweepExpiredRows(app: FastifyInstance, database: OpenedDatabase) {
  await deleteExpiredSessions(database.db).catch((error: unknown) =>
    app.log.warn({ err: error }, 'could not sweep expired sessions'),
  );
  await deleteExpiredRateLimits(database.db).catch((error: unknown) =>
    app.log.warn({ err: error }, 'could not sweep expired rate limits'),
  );
}

/**
 * Stop accepting connections, let requests in flight finish (at most SHUTDOWN_TIMEOUT_MS),
 * run every module's close hooks, close the pool, stop the embedded PostgreSQL, exit 0.
 */
function handleShutdownSignals(
  app: FastifyInstance,
  env: Env,
  heldSignals: ReturnType<typeof holdSignalsWhileStarting>,
  closeRest: () => Promise<void>,
) {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.info(`${signal} received again; already shutting down`);
      return;
    }
    closing = true;
    app.log.info(`${signal} received: finishing the requests in flight, then stopping`);
    const drainLimit = setTimeout(() => {
      app.log.warn(
        `Requests still running after ${env.SHUTDOWN_TIMEOUT_MS} ms; closing their connections`,
      );
      app.server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    const giveUp = setTimeout(() => {
      app.log.error('Shutdown is taking too long; exiting anyway');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + CLOSE_GRACE_MS);
    giveUp.unref();
    try {
      await app.close();
      clearTimeout(drainLimit);
      await closeRest();
      app.log.info('Stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => void shutdown(signal));
  heldSignals.release();
  const [early] = heldSignals.received;
  if (early) void shutdown(early);
}

/** One JSON line per event, or readable lines in development when pino-pretty is installed. */
function loggerFor(env: Env): FastifyServerOptions['logger'] {
  if (env.NODE_ENV !== 'development' || !canResolve('pino-pretty')) {
    return { level: env.LOG_LEVEL, stream: bufferedStdout() };
  }
  return {
    level: env.LOG_LEVEL,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

const LOG_FLUSH_MS = 200;
const LOG_BUFFER_BYTES = 4096;

/**
 * Standard output in chunks of about 4 KB rather than one write per line, which cost a busy
 * server a noticeable share of its CPU. A line waits at most LOG_FLUSH_MS; only a killed
 * process (SIGKILL) can lose its last fraction of a second of lines.
 */
function bufferedStdout() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
  return stream;
}

function canResolve(specifier: string): boolean {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
