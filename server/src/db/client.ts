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

/**
 * Connections for the coalesced writes (db/coalesced-writes.ts): one statement carries the
 * writes of many waiting requests, so it must not queue for a connection behind reads.
 * Picks and results each have one statement in flight per instance: two connections.
 */
const WRITER_CONNECTIONS = 2;

const writerPools = new WeakMap<Db, pg.Pool>();

/**
 * The pool a statement that carries many requests' writes runs on: its own connections,
 * free whenever the previous such statement has ended (measured, decision 0035: a results
 * statement waited 2 of its 11 ms for a connection behind the reads).
 */
export function writerPoolOf(db: Db): pg.Pool {
  const writers = writerPools.get(db);
  if (!writers) throw new Error('writerPoolOf: a database handle not made by connect()');
  return writers;
}

/**
 * One pool per app instance (and the writers' two connections); many instances may share
 * the same PostgreSQL.
 */
export function connect(
  url: string,
  options: { max?: number; timeouts?: DatabaseTimeouts } = {},
): Database {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  let report: (error: Error) => void = () => undefined;
  const poolOf = (max: number) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      // A server that is frozen (not refusing, just silent) never enforces its own timeout.
      query_timeout: timeouts.statementMs + 1_000,
      // A transaction left open by a lost client must not hold its row locks for long.
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
    });
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
    return pool;
  };
  const pool = poolOf(options.max ?? 10);
  const writers = poolOf(WRITER_CONNECTIONS);
  const db = drizzle(pool, { schema });
  writerPools.set(db, writers);
  return {
    db,
    pool,
    onConnectionLost: (listener) => {
      report = listener;
    },
    close: async () => {
      await Promise.all([pool.end(), writers.end()]);
    },
  };
}
