import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { seasons } from '../db/schema';
import { hoursFromNow, seedGroup } from './group-fixtures';
import { registerUser, type TestUser } from './test-app';

export const DAY_HOURS = 24;

/** Sam leads and plays; Ann, Bob and Cy play. The season started three weeks ago. */
export async function league(
  app: FastifyInstance,
  db: Db,
  settings: { scoring?: 'standard' | 'confidence'; dropWorstRounds?: number } = {},
) {
  const [sam, ann, bob, cy] = await Promise.all(
    ['Sam', 'Ann', 'Bob', 'Cy'].map((displayName) => registerUser(app, { displayName })),
  );
  const group = await seedGroup(db, {
    leaderId: sam!.id,
    memberIds: [ann!.id, bob!.id, cy!.id],
    createdAt: hoursFromNow(-21 * DAY_HOURS),
    ...settings,
  });
  const [season] = await db.select().from(seasons).where(eq(seasons.groupId, group.id));
  return { sam: sam!, ann: ann!, bob: bob!, cy: cy!, group, season: season! };
}

/** A `?season=` of another group is 404, a malformed one 400, both 'Season not found'. */
export async function expectSeasonRefused(
  user: TestUser,
  urlWith: (query: string) => string,
  foreignSeasonId: number,
) {
  const foreign = await user.request({ method: 'GET', url: urlWith(`?season=${foreignSeasonId}`) });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual({ message: 'Season not found' });
  for (const bad of ['x', '0', '-3', '1.5', '99999999999']) {
    const malformed = await user.request({ method: 'GET', url: urlWith(`?season=${bad}`) });
    expect(malformed.statusCode, bad).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBe('Season not found');
  }
}
