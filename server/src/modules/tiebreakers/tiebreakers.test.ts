import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, groupEvents, roundTiebreakers, seasons } from '../../db/schema';
import { hoursFromNow, seedProp } from '../../test/group-fixtures';
import { createTestApp, seedCrew, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

/** Sam leads; Ann and Bo play. One prop next week makes the round. */
async function crew() {
  const { sam, ann, bo, group } = await seedCrew(app, db);
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(30) });
  return { sam, ann, bo, group, roundId: prop.roundId! };
}

async function seedGame(status: 'scheduled' | 'final' = 'scheduled') {
  const startsAt = hoursFromNow(status === 'final' ? -4 : 30);
  const [game] = await db
    .insert(games)
    .values({
      sport: 'NFL',
      feedEventId: `evt-${Math.random()}`,
      homeAbbreviation: 'NYJ',
      homeName: 'Jets',
      awayAbbreviation: 'BUF',
      awayName: 'Bills',
      startsAt,
      scheduledAt: startsAt,
      status,
      homeScore: status === 'final' ? 20 : null,
      awayScore: status === 'final' ? 27 : null,
      fetchedAt: new Date(),
    })
    .returning();
  return game!;
}

const url = (groupId: number, roundId: number, tail = '') =>
  `/api/groups/${groupId}/rounds/${roundId}/tiebreaker${tail}`;

const create = (user: TestUser, groupId: number, roundId: number, payload: object) =>
  user.request({ method: 'POST', url: url(groupId, roundId), payload });
const answer = (user: TestUser, groupId: number, roundId: number, value: unknown) =>
  user.request({ method: 'PUT', url: url(groupId, roundId, '/answer'), payload: { value } });
const setResult = (user: TestUser, groupId: number, roundId: number, value: unknown) =>
  user.request({ method: 'PUT', url: url(groupId, roundId, '/result'), payload: { value } });
const read = (user: TestUser, groupId: number, roundId: number) =>
  user.request({ method: 'GET', url: url(groupId, roundId) });

/** Moves the tiebreaker's lock into the past, as time passing would. */
const lock = (roundId: number) =>
  db
    .update(roundTiebreakers)
    .set({ locksAt: hoursFromNow(-1) })
    .where(eq(roundTiebreakers.roundId, roundId));

describe('a round tiebreaker', () => {
  it('is asked by the leader, answered by members while open, sealed until it locks', async () => {
    const { sam, ann, bo, group, roundId } = await crew();
    expect((await read(ann, group.id, roundId)).json()).toEqual({ tiebreaker: null });

    const locksAt = hoursFromNow(29);
    const created = await create(sam, group.id, roundId, {
      question: '  Total points, Bills at Jets? ',
      locksAt: locksAt.toISOString(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      roundId,
      question: 'Total points, Bills at Jets?',
      locksAt: locksAt.toISOString(),
      locked: false,
      gameId: null,
      actual: null,
      myAnswer: null,
      answerCount: 0,
      answers: [],
    });

    const given = await answer(ann, group.id, roundId, 45);
    expect(given.statusCode).toBe(200);
    expect(given.json().myAnswer).toEqual({ value: 45, answeredAt: expect.any(String) });
    expect((await answer(ann, group.id, roundId, 47)).json().myAnswer.value).toBe(47);
    await answer(bo, group.id, roundId, 51);

    // Before the lock: the count, your own answer, nobody else's.
    const before = (await read(bo, group.id, roundId)).json().tiebreaker;
    expect(before).toMatchObject({ answerCount: 2, myAnswer: { value: 51 }, answers: [] });
    // Ann's 47 appears nowhere as a value (a timestamp's digits may hold '47').
    expect(JSON.stringify(before)).not.toMatch(/[:[,]47[,}\]]/);

    await lock(roundId);
    const late = await answer(ann, group.id, roundId, 50);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'The tiebreaker has locked: answers can no longer change',
    });

    // After the lock everyone's answer shows; with the figure, closest first.
    const result = await setResult(sam, group.id, roundId, 50);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({
      locked: true,
      actual: 50,
      answers: [
        { user: { id: bo.id, displayName: 'Bo' }, value: 51, distance: 1 },
        { user: { id: ann.id, displayName: 'Ann' }, value: 47, distance: 3 },
      ],
    });
    expect((await read(ann, group.id, roundId)).json().tiebreaker.answers).toHaveLength(2);
  });

  it("takes a linked game's total points when the feed marks it final", async () => {
    const { sam, ann, group, roundId } = await crew();
    const game = await seedGame();
    await create(sam, group.id, roundId, {
      question: 'Total points?',
      locksAt: hoursFromNow(29).toISOString(),
      gameId: game.id,
    });
    await answer(ann, group.id, roundId, 44);
    const eventsBefore = await db.$count(groupEvents, eq(groupEvents.groupId, group.id));
    await db
      .update(games)
      .set({ status: 'final', homeScore: 24, awayScore: 21 })
      .where(eq(games.id, game.id));
    const tiebreaker = (await read(ann, group.id, roundId)).json().tiebreaker;
    expect(tiebreaker).toMatchObject({ gameId: game.id, actual: 45 });
    // Open pages hear that the round's ranking may have moved.
    expect(await db.$count(groupEvents, eq(groupEvents.groupId, group.id))).toBeGreaterThan(
      eventsBefore,
    );

    // The leader's figure overrides the feed, which then leaves it alone.
    await lock(roundId);
    await setResult(sam, group.id, roundId, 44);
    await db.update(games).set({ homeScore: 28 }).where(eq(games.id, game.id));
    expect((await read(ann, group.id, roundId)).json().tiebreaker.actual).toBe(44);
  });

  it('knows the figure at once when linked to a game already final', async () => {
    const { sam, group, roundId } = await crew();
    const game = await seedGame('final');
    const created = await create(sam, group.id, roundId, {
      question: 'Total points?',
      locksAt: hoursFromNow(1).toISOString(),
      gameId: game.id,
    });
    expect(created.json().actual).toBe(47);
  });

  it('is one per round, for the leader, on a round of the current season', async () => {
    const { sam, ann, group, roundId } = await crew();
    const payload = { question: 'Total?', locksAt: hoursFromNow(29).toISOString() };
    const byMember = await create(ann, group.id, roundId, payload);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ message: 'Only the group leader can do that' });
    expect((await create(sam, group.id, roundId, payload)).statusCode).toBe(201);
    const again = await create(sam, group.id, roundId, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This round already has a tiebreaker' });

    const other = await crew();
    const foreign = await create(sam, group.id, other.roundId, payload);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Round not found' });

    await db
      .update(seasons)
      .set({ endedAt: new Date() })
      .where(eq(seasons.groupId, other.group.id));
    const archived = await create(other.sam, other.group.id, other.roundId, payload);
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toEqual({
      message: "This round's season is archived: it can no longer change",
    });
  });

  it.each([
    [
      { question: '', locksAt: hoursFromNow(2).toISOString() },
      'The tiebreaker question is required',
    ],
    [
      { question: 'x'.repeat(151), locksAt: hoursFromNow(2).toISOString() },
      'The question must be at most 150 characters',
    ],
    [{ question: 'Total?', locksAt: 'Sunday' }, 'Lock time must be a date and time'],
    [
      { question: 'Total?', locksAt: hoursFromNow(-2).toISOString() },
      'The tiebreaker must lock in the future',
    ],
    [{ question: 'Total?', locksAt: hoursFromNow(2).toISOString(), gameId: 'x' }, 'Game not found'],
  ])('refuses the question %j with 400', async (payload, message) => {
    const { sam, group, roundId } = await crew();
    const refused = await create(sam, group.id, roundId, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
    expect((await read(sam, group.id, roundId)).json()).toEqual({ tiebreaker: null });
  });

  it('refuses a game that does not exist with 404', async () => {
    const { sam, group, roundId } = await crew();
    const refused = await create(sam, group.id, roundId, {
      question: 'Total?',
      locksAt: hoursFromNow(2).toISOString(),
      gameId: 999_999,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Game not found' });
  });

  it.each([-1, 1000, 12.5, '45', null])('refuses the answer %j with 400', async (value) => {
    const { sam, ann, group, roundId } = await crew();
    await create(sam, group.id, roundId, {
      question: 'Total?',
      locksAt: hoursFromNow(2).toISOString(),
    });
    const refused = await answer(ann, group.id, roundId, value);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The answer must be a whole number from 0 to 999');
    const refusedResult = await setResult(sam, group.id, roundId, value);
    expect(refusedResult.statusCode).toBe(400);
  });

  it('keeps the result for the leader, and only once it has locked', async () => {
    const { sam, ann, group, roundId } = await crew();
    const missing = await setResult(sam, group.id, roundId, 40);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This round has no tiebreaker' });
    await create(sam, group.id, roundId, {
      question: 'Total?',
      locksAt: hoursFromNow(2).toISOString(),
    });
    const early = await setResult(sam, group.id, roundId, 40);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: "The tiebreaker's result can be set once it has locked",
    });
    await lock(roundId);
    const byMember = await setResult(ann, group.id, roundId, 40);
    expect(byMember.statusCode).toBe(403);
    expect((await read(ann, group.id, roundId)).json().tiebreaker.actual).toBeNull();
  });
});
