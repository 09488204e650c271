import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** Drizzle over the pool; `$client` is the pool itself (the job queue and raw transactions use it). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a `db.transaction(async (tx) => …)` callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where a lost connection is reported (the app's logger, once it exists). */
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/**
 * How long the app waits on PostgreSQL before answering 503 instead: a database that
 * refuses, or that stopped answering, must not hold requests (and their sockets) for long.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** One statement, enforced by the server; the client gives up a second later. */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, statementMs: 5_000 };

/** One pool per app instance; many instances may share the same PostgreSQL. */
export function connect(
  url: string,
  options: { max?: number; timeouts?: DatabaseTimeouts } = {},
): Database {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // A server that is frozen (not refusing, just silent) never enforces its own timeout.
    query_timeout: timeouts.statementMs + 1_000,
    // A transaction left open by a lost client must not hold its row locks for long.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
  });
  let report: (error: Error) => void = () => undefined;
  // Every client gets a listener for its whole life, not only while idle: a connection
  // terminated while a transaction holds it (failover, pg_terminate_backend, a restart)
  // emits 'error' on the client, and an unhandled 'error' event would end the process.
  // The query in flight fails on its own (the request answers 503) and the pool drops
  // the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => report(error));
  });
  // The pool re-emits an idle client's error; the client listener above already saw it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    onConnectionLost: (listener) => {
      report = listener;
    },
    close: () => pool.end(),
  };
}
