import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { props, standings } from '../../db/schema';
import { hoursFromNow, seedProp } from '../../test/group-fixtures';
import { createTestApp, groupWithMember, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

/** A group in the mode with three props of one round, the member's picks on each. */
async function roundWithPicks(scoring: 'standard' | 'confidence' | 'lock') {
  const { leader, member, groupId } = await groupWithMember(app, { scoring });
  const gameDate = hoursFromNow(30);
  const round = [];
  for (const title of ['First', 'Second', 'Third']) {
    round.push(await seedProp(db, { groupId, gameDate, title }));
  }
  const pickIds: number[] = [];
  for (const prop of round) {
    const made = await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: prop.id, selectedOption: 'A' },
    });
    expect(made.statusCode).toBe(201);
    pickIds.push(made.json().id);
  }
  return { leader, member, groupId, round, pickIds };
}

const put = (user: TestUser, pickId: number, payload: Record<string, unknown>) =>
  user.request({ method: 'PUT', url: `/api/user-predictions/${pickId}`, payload });

async function confidencesOf(member: TestUser, groupId: number) {
  const listed = await member.request({
    method: 'GET',
    url: `/api/user-predictions/${member.id}?groupId=${groupId}`,
  });
  return listed
    .json<{ predictionId: number; confidence: number; isLock: boolean }[]>()
    .map((pick) => [pick.confidence, pick.isLock]);
}

describe('PUT /api/user-predictions/{id} with a confidence', () => {
  it('numbers new picks 1, 2, 3 in their round and swaps a confidence another pick holds', async () => {
    const { member, groupId, pickIds } = await roundWithPicks('confidence');
    expect(await confidencesOf(member, groupId)).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const swapped = await put(member, pickIds[0]!, { confidence: 3 });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json()).toMatchObject({ confidence: 3, selectedOption: 'A' });
    expect(await confidencesOf(member, groupId)).toEqual([
      [3, false],
      [2, false],
      [1, false],
    ]);

    // The option and the confidence in one request.
    const both = await put(member, pickIds[1]!, { selectedOption: 'B', confidence: 1 });
    expect(both.json()).toMatchObject({ selectedOption: 'B', confidence: 1 });
  });

  it('refuses a confidence beyond the round, a locked pick, one held by a locked pick, or another mode, with 409', async () => {
    const { member, round, pickIds } = await roundWithPicks('confidence');
    const beyond = await put(member, pickIds[0]!, { confidence: 4 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toMatch(/from 1 to 3/);

    await db.update(props).set({ result: 'A' }).where(eq(props.id, round[2]!.id));
    const locked = await put(member, pickIds[2]!, { confidence: 1 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/has locked/);
    const heldByLocked = await put(member, pickIds[0]!, { confidence: 3 });
    expect(heldByLocked.statusCode).toBe(409);
    expect(heldByLocked.json()).toEqual({
      message: 'Confidence 3 is on your pick of a prop that has locked; choose another.',
    });

    const standard = await roundWithPicks('standard');
    const wrongMode = await put(standard.member, standard.pickIds[0]!, { confidence: 2 });
    expect(wrongMode.statusCode).toBe(409);
    expect(wrongMode.json().message).toMatch(/confidence points/);
  });

  it("answers 404 for another member's pick and 400 for an empty body", async () => {
    const { leader, member, pickIds } = await roundWithPicks('confidence');
    expect((await put(leader, pickIds[0]!, { confidence: 2 })).statusCode).toBe(404);
    const empty = await put(member, pickIds[0]!, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/selectedOption, confidence or isLock/);
  });
});

describe('points in the stored standings', () => {
  it("count a correct pick's confidence, or 2 for a correct lock", async () => {
    const { leader, member, groupId, round, pickIds } = await roundWithPicks('confidence');
    await put(member, pickIds[0]!, { confidence: 3 });
    for (const [prop, result] of [
      [round[0]!, 'A'],
      [round[1]!, 'B'],
      [round[2]!, 'A'],
    ] as const) {
      const decided = await leader.request({
        method: 'PUT',
        url: `/api/predictions/${prop.id}`,
        payload: { result },
      });
      expect(decided.statusCode).toBe(200);
    }
    // Confidences 3 and 1 won, 2 lost.
    const [row] = await db
      .select({ points: standings.points, wins: standings.wins })
      .from(standings)
      .where(and(eq(standings.groupId, groupId), eq(standings.userId, member.id)));
    expect(row).toEqual({ points: 4, wins: 2 });
  });
});

describe('PUT /api/user-predictions/{id} with isLock', () => {
  it("marks the member's lock of the round and moves it from their other pick", async () => {
    const { member, groupId, pickIds } = await roundWithPicks('lock');
    expect((await put(member, pickIds[0]!, { isLock: true })).json()).toMatchObject({
      isLock: true,
    });
    await put(member, pickIds[1]!, { isLock: true });
    expect((await confidencesOf(member, groupId)).map(([, isLock]) => isLock)).toEqual([
      false,
      true,
      false,
    ]);
    const wrongMode = await roundWithPicks('confidence');
    expect((await put(wrongMode.member, wrongMode.pickIds[0]!, { isLock: true })).statusCode).toBe(
      409,
    );
  });

  it('is hidden from others until the prop locks, then part of the reveal', async () => {
    const { leader, member, round, pickIds } = await roundWithPicks('lock');
    await put(member, pickIds[0]!, { isLock: true });
    const url = `/api/predictions/${round[0]!.id}/picks`;
    expect((await leader.request({ method: 'GET', url })).statusCode).toBe(409);
    await db
      .update(props)
      .set({ gameDate: hoursFromNow(-1) })
      .where(eq(props.id, round[0]!.id));
    const revealed = await leader.request({ method: 'GET', url });
    expect(revealed.json()).toEqual([
      expect.objectContaining({ userId: member.id, isLock: true, confidence: expect.any(Number) }),
    ]);
  });
});

describe("a member's confidences when the round changes", () => {
  it('close the gap a deleted prop leaves, so they run from 1 to the smaller round', async () => {
    const { leader, member, groupId, round, pickIds } = await roundWithPicks('confidence');
    await put(member, pickIds[0]!, { confidence: 3 }); // First 3, Second 2, Third 1
    const deleted = await leader.request({
      method: 'DELETE',
      url: `/api/predictions/${round[1]!.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await confidencesOf(member, groupId)).toEqual([
      [2, false],
      [1, false],
    ]);
  });

  it('give a prop moved to another week a free confidence there, and renumber the week it left', async () => {
    const { leader, member, groupId, round } = await roundWithPicks('confidence');
    const nextWeek = await seedProp(db, { groupId, gameDate: hoursFromNow(30 + 7 * 24) });
    await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: nextWeek.id, selectedOption: 'A' },
    });
    // First moves a week on, where the pick on nextWeek already holds 1.
    const moved = await leader.request({
      method: 'PUT',
      url: `/api/predictions/${round[0]!.id}`,
      payload: {
        sport: 'NFL',
        title: 'First',
        description: 'Seeded prop',
        options: ['A', 'B', 'C'],
        gameDate: hoursFromNow(30 + 7 * 24).toISOString(),
      },
    });
    expect(moved.statusCode).toBe(200);
    const byProp = new Map(
      (
        await member.request({
          method: 'GET',
          url: `/api/user-predictions/${member.id}?groupId=${groupId}`,
        })
      )
        .json<{ predictionId: number; confidence: number }[]>()
        .map((pick) => [pick.predictionId, pick.confidence]),
    );
    expect([byProp.get(nextWeek.id), byProp.get(round[0]!.id)].sort()).toEqual([1, 2]);
    expect([byProp.get(round[1]!.id), byProp.get(round[2]!.id)].sort()).toEqual([1, 2]);
  });

  it('stay distinct when two instances save picks of one round in overlapping transactions', async () => {
    const { member, groupId } = await groupWithMember(app, { scoring: 'confidence' });
    const gameDate = hoursFromNow(30);
    const first = await seedProp(db, { groupId, gameDate, title: 'First' });
    const second = await seedProp(db, { groupId, gameDate, title: 'Second' });
    const [one, two] = [await db.$client.connect(), await db.$client.connect()];
    const insert = (prop: { id: number }) =>
      `insert into picks (user_id, prop_id, group_id, selected_option)
       values (${member.id}, ${prop.id}, ${groupId}, 'A')`;
    try {
      await one.query('begin');
      await one.query(insert(first));
      await two.query('begin');
      const secondSaved = two.query(insert(second)).then(() => two.query('commit'));
      await sleep(200);
      await one.query('commit');
      await secondSaved;
    } finally {
      one.release();
      two.release();
    }
    expect(await confidencesOf(member, groupId)).toEqual([
      [1, false],
      [2, false],
    ]);
  });
});
