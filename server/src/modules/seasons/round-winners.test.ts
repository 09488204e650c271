import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { groupEvents, props, roundSettlements, roundTiebreakers, rounds } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import type { Db } from '../../db/client';
import {
  TestUser,
  createTestApp,
  createTestDatabase,
  registerUser,
  seedCrew,
} from '../../test/test-app';

const JOBS = { intervalMs: 200, pollIntervalMs: 500 };
const { app, database } = await createTestApp({ roundWinners: JOBS });
const db = database.db;

/** Sam leads and plays; Ann and Bo play. Two props of this week's round, already locked. */
async function crew() {
  const { sam, ann, bo, group } = await seedCrew(app, db);
  const first = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-2), title: 'P1' });
  const second = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1), title: 'P2' });
  return { sam, ann, bo, group, first, second, roundId: first.roundId! };
}

const setResult = (leader: TestUser, propId: number, result: string | null) =>
  leader.request({ method: 'PUT', url: `/api/predictions/${propId}`, payload: { result } });

const feed = async (user: TestUser, groupId: number) => {
  const response = await user.request({ method: 'GET', url: `/api/activity-events/${groupId}` });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ eventType: string; eventData: unknown }[]>()
    .filter((event) => event.eventType === 'round_winners');
};

const roundOf = async (roundId: number) =>
  (await db.select().from(rounds).where(eq(rounds.id, roundId)))[0]!;

const winnersOf = async (roundId: number, on: Db = db) =>
  (
    await on.$client.query<{ display_name: string }>(
      'select display_name from round_winners where round_id = $1 order by display_name',
      [roundId],
    )
  ).rows.map((row) => row.display_name);

const settled = (on: Db = db) =>
  vi.waitFor(async () => expect(await on.select().from(roundSettlements)).toEqual([]), {
    timeout: 15_000,
    interval: 100,
  });

describe('round winners', () => {
  it('are recorded once every prop is decided, in the feed and on the live stream', async () => {
    const { sam, ann, bo, group, first, second, roundId } = await crew();
    await seedPick(db, { userId: ann.id, prop: first, selectedOption: 'A' });
    await seedPick(db, { userId: ann.id, prop: second, selectedOption: 'A' });
    await seedPick(db, { userId: bo.id, prop: first, selectedOption: 'A' });
    await seedPick(db, { userId: bo.id, prop: second, selectedOption: 'B' });

    expect((await setResult(sam, first.id, 'A')).statusCode).toBe(200);
    await settled();
    expect((await roundOf(roundId)).completedAt).toBeNull();
    expect(await feed(ann, group.id)).toEqual([]);

    expect((await setResult(sam, second.id, 'A')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await feed(ann, group.id)).toHaveLength(1), {
      timeout: 15_000,
    });
    expect((await feed(bo, group.id))[0]!.eventData).toEqual({
      roundId,
      round: 'Week 1',
      winners: [{ userId: ann.id, displayName: 'Ann' }],
      points: 2,
      decision: 'won on points: 2 vs 1',
    });
    expect((await roundOf(roundId)).completedAt).not.toBeNull();
    expect(await winnersOf(roundId)).toEqual(['Ann']);
    const live = await db.select().from(groupEvents).where(eq(groupEvents.groupId, group.id));
    expect(live.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ eventType: 'round_winners' }),
    );
  });

  it('re-opens when a result is cleared and records the new winners when it changes', async () => {
    const { sam, ann, bo, group, first, second, roundId } = await crew();
    await seedPick(db, { userId: ann.id, prop: first, selectedOption: 'A' });
    await seedPick(db, { userId: bo.id, prop: first, selectedOption: 'B' });
    await setResult(sam, second.id, 'N/A');
    await setResult(sam, first.id, 'A');
    await vi.waitFor(async () => expect(await winnersOf(roundId)).toEqual(['Ann']), {
      timeout: 15_000,
    });

    await setResult(sam, first.id, null);
    await settled();
    expect(await winnersOf(roundId)).toEqual([]);
    expect((await roundOf(roundId)).completedAt).toBeNull();

    await setResult(sam, first.id, 'B');
    await vi.waitFor(async () => expect(await winnersOf(roundId)).toEqual(['Bo']), {
      timeout: 15_000,
    });
    const lines = await feed(ann, group.id);
    expect(lines.map((line) => (line.eventData as { winners: unknown[] }).winners)).toEqual([
      [{ userId: bo.id, displayName: 'Bo' }],
      [{ userId: ann.id, displayName: 'Ann' }],
    ]);

    // Settling again with the same winners writes no second line.
    await db.insert(roundSettlements).values({ roundId });
    await settled();
    expect(await feed(ann, group.id)).toHaveLength(2);
  });

  it('completes a round in which nobody scored with no winner and no line', async () => {
    const { sam, ann, bo, group, first, second, roundId } = await crew();
    await seedPick(db, { userId: ann.id, prop: first, selectedOption: 'A' });
    await seedPick(db, { userId: bo.id, prop: second, selectedOption: 'B' });
    expect((await setResult(sam, first.id, 'N/A')).statusCode).toBe(200);
    expect((await setResult(sam, second.id, 'N/A')).statusCode).toBe(200);
    await settled();
    expect((await roundOf(roundId)).completedAt).not.toBeNull();
    expect(await winnersOf(roundId)).toEqual([]);
    expect(await feed(ann, group.id)).toEqual([]);
  });

  it("waits for the tiebreaker's figure when it must split first place", async () => {
    const { sam, ann, bo, group, first, second, roundId } = await crew();
    const asked = await sam.request({
      method: 'POST',
      url: `/api/groups/${group.id}/rounds/${roundId}/tiebreaker`,
      payload: { question: 'Total points?', locksAt: hoursFromNow(1).toISOString() },
    });
    expect(asked.statusCode).toBe(201);
    for (const [user, value] of [
      [ann, 47],
      [bo, 45],
    ] as const) {
      const answered = await user.request({
        method: 'PUT',
        url: `/api/groups/${group.id}/rounds/${roundId}/tiebreaker/answer`,
        payload: { value },
      });
      expect(answered.statusCode).toBe(200);
    }
    await db
      .update(roundTiebreakers)
      .set({ locksAt: hoursFromNow(-1) })
      .where(eq(roundTiebreakers.roundId, roundId));
    await seedPick(db, { userId: ann.id, prop: first, selectedOption: 'A' });
    await seedPick(db, { userId: bo.id, prop: first, selectedOption: 'A' });
    await setResult(sam, first.id, 'A');
    await setResult(sam, second.id, 'A');
    await settled();
    expect(await winnersOf(roundId)).toEqual([]);

    const figure = await sam.request({
      method: 'PUT',
      url: `/api/groups/${group.id}/rounds/${roundId}/tiebreaker/result`,
      payload: { value: 48 },
    });
    expect(figure.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await feed(bo, group.id)).toHaveLength(1), {
      timeout: 15_000,
    });
    expect((await feed(bo, group.id))[0]!.eventData).toMatchObject({
      winners: [{ userId: ann.id, displayName: 'Ann' }],
      points: 1,
      decision: 'won on the tiebreaker: 47 vs 45',
    });
  });

  it('settles every round one statement decides across groups, once with two instances, after a restart', async () => {
    // A database of its own, first served by an app whose job queue is off: the rounds
    // wait in the queue, as they would for instances restarting.
    const other = await createTestDatabase();
    afterAll(() => other.database.close());
    const odb = other.database.db;
    const first = await buildApp({ db: odb });
    const crews = [];
    for (let n = 0; n < 3; n += 1) {
      const ann = await registerUser(first, { displayName: 'Ann' });
      const lead = await registerUser(first, { displayName: 'Lea' });
      const group = await seedGroup(odb, { leaderId: lead.id, memberIds: [ann.id] });
      const prop = await seedProp(odb, { groupId: group.id, gameDate: hoursFromNow(-2) });
      await seedPick(odb, { userId: ann.id, prop, selectedOption: 'A' });
      crews.push({ ann, group, prop });
    }
    await first.close();
    const ids = crews.map(({ prop }) => prop.id);
    await odb.update(props).set({ result: 'A' }).where(inArray(props.id, ids));
    expect(await odb.select().from(roundSettlements)).toHaveLength(3);

    const instances = await Promise.all([
      buildApp({ db: odb, roundWinners: JOBS }),
      buildApp({ db: odb, roundWinners: JOBS }),
    ]);
    try {
      await settled(odb);
      for (const [index, { ann, group, prop }] of crews.entries()) {
        expect(await winnersOf(prop.roundId!, odb)).toEqual(['Ann']);
        const reader = new TestUser(instances[index % 2]!, ann.cookie, ann.id, ann.username);
        expect(await feed(reader, group.id)).toHaveLength(1);
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
