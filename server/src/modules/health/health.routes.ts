import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { healthContract } from '@shared/contract/health';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';

/** Even when the database does not answer. */
const READY_CHECK_TIMEOUT_MS = 2_000;

/** See docs/operations.md. */
export async function healthRoutes(app: FastifyInstance, options: { db: Db }) {
  const { live, ready, health } = healthContract;

  defineRoute(app, live, {
    guard: 'public',
    handler: async () => ({ status: 'ok' as const }),
  });

  for (const route of [ready, health]) {
    defineRoute(app, route, {
      guard: 'public',
      handler: async (_request, reply) => {
        if (await databaseAnswers(options.db)) {
          return { status: 'ok' as const, database: 'ok' as const };
        }
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({
            status: 'unavailable',
            database: 'unavailable',
            message: 'The database does not answer',
          } satisfies z.input<(typeof route.otherResponses)[503]>);
      },
    });
  }
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  const check = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
