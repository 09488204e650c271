import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import {
  activityEvents,
  commentReactions,
  commentReads,
  comments,
  groupMembers,
  groups,
  pickReactions,
  picks,
  props,
} from '../../db/schema';
import { seedProp } from '../../test/group-fixtures';

/** For the props module's integration tests: everything a props route could change. */
export async function snapshotOf(db: Db) {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    groups: byId(await db.select().from(groups)),
    members: (await db.select().from(groupMembers))
      .map((row) => `${row.groupId}:${row.userId}:${row.isPaid}`)
      .sort(),
    props: byId(await db.select().from(props)),
    picks: byId(await db.select().from(picks)),
    events: byId(await db.select().from(activityEvents)),
    comments: byId(await db.select().from(comments)),
    reactions: [
      ...(await db.select().from(commentReactions)).map(
        (row) => `c${row.commentId}:${row.userId}:${row.name}`,
      ),
      ...(await db.select().from(pickReactions)).map(
        (row) => `p${row.pickId}:${row.userId}:${row.name}`,
      ),
    ].sort(),
    reads: (await db.select().from(commentReads))
      .map((row) => `${row.userId}:${row.groupId}:${row.topic}:${row.lastReadId}`)
      .sort(),
  };
}

export async function expectRefusal(
  db: Db,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message: string | RegExp,
): Promise<LightMyRequestResponse> {
  const before = await snapshotOf(db);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string }>();
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(await snapshotOf(db)).toEqual(before);
  return response;
}

export async function seedPropWith(
  db: Db,
  fields: Parameters<typeof seedProp>[1] & Partial<typeof props.$inferInsert>,
) {
  const { groupId, result, gameDate, title, ...rest } = fields;
  const prop = await seedProp(db, { groupId, result, gameDate, title });
  if (Object.keys(rest).length === 0) return prop;
  const [updated] = await db.update(props).set(rest).where(eq(props.id, prop.id)).returning();
  if (!updated) throw new Error('prop not updated');
  return updated;
}

export const picksOf = (db: Db, propId: number) =>
  db.select().from(picks).where(eq(picks.propId, propId));

export const eventsOf = (db: Db, groupId: number) =>
  db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.groupId, groupId))
    .orderBy(activityEvents.id);

export const propRow = async (db: Db, id: number) =>
  (await db.select().from(props).where(eq(props.id, id)))[0];
