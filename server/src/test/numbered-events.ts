import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

/**
 * Resolves once every event committed so far has its id (decision 0032): the instance's
 * own sequencer round may be the one holding the turn, so this asks again until none is
 * left. For tests that read group_events, or compare the database before and after.
 */
export async function allEventsNumbered(app: FastifyInstance, db: Db): Promise<void> {
  for (;;) {
    await app.liveEvents.numberEvents();
    const { rows } = await db.execute<{ waiting: boolean }>(
      sql`select exists (select 1 from group_events where id is null) as waiting`,
    );
    if (!rows[0]?.waiting) return;
    await sleep(10);
  }
}
