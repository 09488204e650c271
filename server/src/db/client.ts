import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** `$client` is the pool itself (the job queue and raw transactions use it). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** A database that refuses or stopped answering must not hold requests for long: 503 instead. */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** Enforced by the server; the client gives up a second later. */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, statementMs: 5_000 };

/** Picks and results each have one statement in flight per instance. */
const WRITER_CONNECTIONS = 2;

const writerPools = new WeakMap<Db, pg.Pool>();

/** Its own connections, so a statement carrying many requests' writes never queues behind reads. */
export function writerPoolOf(db: Db): pg.Pool {
  const writers = writerPools.get(db);
  if (!writers) throw new Error('writerPoolOf: a database handle not made by connect()');
  return writers;
}

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
      // A frozen server (silent, not refusing) never enforces its own timeout.
      query_timeout: timeouts.statementMs + 1_000,
      // A transaction left open by a lost client must not hold its row locks for long.
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
    });
    // Every client keeps a listener for its whole life: a connection terminated while a
    // transaction holds it emits 'error' on the client, and an unhandled 'error' would end
    // the process. The query in flight fails on its own and the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', (error) => report(error));
    });
    // The client listener above already saw it.
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
