import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthContract } from '@shared/contract/health';
import type { Db } from '../../db/client';

/** For load balancers: answers ok only when this instance can reach the database. */
export async function healthRoutes(fastify: FastifyInstance, options: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { health } = healthContract;
  app.route({
    method: health.method,
    url: health.path,
    schema: { response: { 200: health.response } },
    config: { public: true },
    handler: async () => {
      await options.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });
}
