import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { readEnv, wantsExampleMasterProps, type Env } from './config/env';
import { openDatabase } from './db/open-database';
import { deleteExpiredSessions } from './modules/auth/sessions';
import { loadExampleMasterProps } from './modules/master-props/master-props-sync';

const HOUR_MS = 60 * 60 * 1000;

async function main() {
  // A local .env (see .env.example) fills in what the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = readEnv();
  const logger = loggerFor(env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? console.log : undefined,
  });

  const app = await buildApp({
    db: database.db,
    logger,
    cookieSecurity: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
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
    clientDir: env.SERVE_CLIENT
      ? fileURLToPath(new URL('../../dist/client', import.meta.url))
      : undefined,
  });

  if (wantsExampleMasterProps(env)) {
    // A convenience for a newcomer: failing to load it must not keep the app from starting.
    await loadExampleMasterProps(database.db).then(
      (loaded) => {
        if (loaded > 0) app.log.info(`Loaded ${loaded} example master props (no sheet yet)`);
      },
      (error: unknown) => app.log.warn({ err: error }, 'could not load the example master props'),
    );
  }

  const sweep = setInterval(() => {
    deleteExpiredSessions(database.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not sweep expired sessions'),
    );
  }, HOUR_MS);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Pick'em is serving http://localhost:${env.PORT} on ${database.description}`);
}

/**
 * One JSON line per event (what log collectors read), or readable lines in development
 * when pino-pretty (a development dependency) is installed.
 */
function loggerFor(env: Env): FastifyServerOptions['logger'] {
  if (env.NODE_ENV !== 'development' || !canResolve('pino-pretty')) return { level: env.LOG_LEVEL };
  return {
    level: env.LOG_LEVEL,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
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
