import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * Counted in PostgreSQL, so instances sharing the database share the counters. Only routes
 * with `config.rateLimit` are counted.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: postgresStore(db),
    // Behind a proxy, request.ip is the address the nearest trusted proxy saw (TRUST_PROXY).
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  });
}

interface StoreOptions {
  timeWindow?: number | string;
}

function postgresStore(db: Db) {
  return class PostgresRateLimitStore {
    constructor(
      private readonly options: StoreOptions,
      private readonly prefix = 'global:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ) {
      const windowMs = Number(timeWindow ?? this.options.timeWindow ?? 60_000);
      countHit(db, this.prefix + key, windowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      // The plugin passes the route's merged options, with the route itself as routeInfo.
      const merged = routeOptions as StoreOptions & {
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const method = [merged.routeInfo?.method ?? ''].flat().join(',');
      const route = `${method} ${merged.routeInfo?.url ?? ''}`;
      return new PostgresRateLimitStore(merged, `${route}:`);
    }
  };
}

/** One fixed window per key. Exported for the places that degrade instead of refusing (a join link's tags). */
export async function countHit(db: Db, key: string, windowMs: number) {
  const result = await db.execute<{ current: number; ttl: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count as current,
      greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  const row = result.rows[0];
  return { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

/** A key's row is only needed while its window runs; any instance may sweep the rest. */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
  return deleted.rowCount ?? 0;
}
