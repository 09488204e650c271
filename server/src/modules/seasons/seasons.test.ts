import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  groups,
  picks,
  props,
  roundStandings,
  roundTiebreakers,
  rounds,
  seasonStandings,
} from '../../db/schema';
import { hoursFromNow, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, seedCrew, type TestUser } from '../../test/test-app';
import { computeStandings, storedStandings } from '../standings/expected-standings';
import { rebuildStandings } from '../standings/standings-rebuild';

const { app, database } = await createTestApp();
const db = database.db;

/** Sam leads and plays; Ann and Bo play. Two locked props of the first season. */
async function crew() {
  const { sam, ann, bo, group } = await seedCrew(app, db);
  const first = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-2), title: 'P1' });
  const second = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1), title: 'P2' });
  for (const prop of [first, second]) {
    await seedPick(db, { userId: ann.id, prop, selectedOption: 'A' });
    await seedPick(db, { userId: bo.id, prop, selectedOption: 'B' });
  }
  return { sam, ann, bo, group, first, second };
}

const url = (groupId: number) => `/api/groups/${groupId}/seasons`;
const list = (user: TestUser, groupId: number) =>
  user.request({ method: 'GET', url: url(groupId) });
const start = (user: TestUser, groupId: number, payload: unknown) =>
  user.request({ method: 'POST', url: url(groupId), payload: payload as object });
const setResult = (leader: TestUser, propId: number, result: string | null) =>
  leader.request({ method: 'PUT', url: `/api/predictions/${propId}`, payload: { result } });
const board = async (user: TestUser, groupId: number) =>
  (await user.request({ method: 'GET', url: `/api/leaderboard/${groupId}` })).json<
    { user: { displayName: string }; wins: number; losses: number; pending: number }[]
  >();

describe('seasons', () => {
  it('are listed for members, the first one current from the start', async () => {
    const { ann, group } = await crew();
    const outsider = await registerUser(app);
    const listed = await list(ann, group.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'Season 1',
        startedAt: expect.any(String),
        endedAt: null,
        champions: [],
      },
    ]);
    expect((await list(outsider, group.id)).statusCode).toBe(404);
    expect((await list(ann, 2_147_483_000)).statusCode).toBe(404);
  });

  it('are started by the leader only, with a name, once every prop has a result', async () => {
    const { sam, ann, group, first } = await crew();
    const member = await start(ann, group.id, { name: 'Season 2' });
    expect(member.statusCode).toBe(403);

    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 7 }]) {
      const refused = await start(sam, group.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ fieldErrors: { name: [expect.any(String)] } });
    }

    const open = await start(sam, group.id, { name: 'Season 2' });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({
      message:
        '2 props have no result yet ("P1", "P2"). Set their results or void them (N/A) before starting a new season.',
    });
    await setResult(sam, first.id, 'A');
    expect((await start(sam, group.id, { name: 'Season 2' })).json()).toEqual({
      message:
        '1 prop has no result yet ("P2"). Set their results or void them (N/A) before starting a new season.',
    });
    expect((await list(sam, group.id)).json()).toHaveLength(1);
  });

  it('are refused while the season has no props, so a second quick start archives nothing', async () => {
    const { sam, group, first, second } = await crew();
    await setResult(sam, first.id, 'A');
    await setResult(sam, second.id, 'A');
    const [one, two] = await Promise.all([
      start(sam, group.id, { name: 'Season 2' }),
      start(sam, group.id, { name: 'Season 2' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    expect([one, two].find((answer) => answer.statusCode === 409)?.json()).toEqual({
      message:
        'This season has no props yet, so there is nothing to archive. Play it before starting a new one.',
    });
    expect((await list(sam, group.id)).json()).toHaveLength(2);
  });

  it('archive the season read-only and start the next with the same members at zero', async () => {
    const { sam, ann, bo, group, first, second } = await crew();
    // Ann's lock of the week: worth 2 only under lock scoring, which this season is not.
    await db
      .update(picks)
      .set({ isLock: true })
      .where(and(eq(picks.userId, ann.id), eq(picks.propId, first.id)));
    await setResult(sam, first.id, 'A');
    await setResult(sam, second.id, 'N/A');
    const [before] = await db.select().from(groups).where(eq(groups.id, group.id));

    const started = await start(sam, group.id, { name: '  Spring 2027 ' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ name: 'Spring 2027', endedAt: null, champions: [] });

    const seasonsNow = (await list(bo, group.id)).json<{ id: number; endedAt: string | null }[]>();
    expect(seasonsNow).toMatchObject([
      {
        name: 'Season 1',
        endedAt: expect.any(String),
        champions: [{ userId: ann.id, displayName: 'Ann' }],
      },
      { name: 'Spring 2027', endedAt: null, champions: [] },
    ]);
    const archived = await db
      .select()
      .from(seasonStandings)
      .where(eq(seasonStandings.seasonId, seasonsNow[0]!.id))
      .orderBy(seasonStandings.rank, seasonStandings.displayName);
    expect(archived).toEqual([
      expect.objectContaining({
        userId: ann.id,
        rank: 1,
        points: 1,
        wins: 1,
        losses: 0,
        roundWins: 1,
      }),
      expect.objectContaining({ userId: bo.id, rank: 2, points: 0, wins: 0, losses: 1 }),
      expect.objectContaining({ userId: sam.id, rank: 2, points: 0, wins: 0, losses: 1 }),
    ]);
    expect(archived[0]).toMatchObject({ pointsBeforeDrop: 1 });

    // Same group, code and members; records start again at zero.
    const [after] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(after?.code).toBe(before?.code);
    expect((await board(ann, group.id)).map((entry) => [entry.wins, entry.losses])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);

    // A new mode counts from the new season: the archived rounds keep their boards.
    const archivedRounds = () =>
      db.select().from(roundStandings).where(eq(roundStandings.roundId, first.roundId!));
    const roundBoard = await archivedRounds();
    expect(roundBoard.length).toBeGreaterThan(0);
    const mode = await sam.request({
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      payload: { scoring: 'lock' },
    });
    expect(mode.statusCode).toBe(200);
    expect(await archivedRounds()).toEqual(roundBoard);

    // The archived props can no longer change, by the leader or any statement.
    const changed = await setResult(sam, first.id, 'B');
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      message: "This prop's season is archived: its result can no longer change",
    });
    const cleared = await setResult(sam, first.id, null);
    expect(cleared.statusCode).toBe(409);
    const removed = await sam.request({ method: 'DELETE', url: `/api/predictions/${first.id}` });
    expect(removed.statusCode).toBe(409);
    expect((await setResult(ann, first.id, 'B')).statusCode).toBe(403);
    await db
      .update(props)
      .set({ result: 'C' })
      .where(inArray(props.id, [first.id, second.id]));
    const kept = await db
      .select({ result: props.result })
      .from(props)
      .where(eq(props.id, first.id));
    expect(kept).toEqual([{ result: 'A' }]);

    // The new season's props count alone, for a member who joins late as for the others.
    const late = await registerUser(app, { displayName: 'Cy' });
    const joined = await late.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: after!.code },
    });
    expect(joined.statusCode).toBe(200);
    expect((await board(late, group.id)).map((entry) => [entry.wins, entry.losses])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const listed = async () =>
      (await ann.request({ method: 'GET', url: `/api/predictions/group/${group.id}` }))
        .json<{ id: number }[]>()
        .map((prop) => prop.id);
    expect(await listed()).toEqual([]);
    const fresh = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    expect(await listed()).toEqual([fresh.id]);
    const [round] = await db.select().from(rounds).where(eq(rounds.id, fresh.roundId!));
    expect(round?.seasonId).toBe(started.json<{ id: number }>().id);
    await seedPick(db, { userId: bo.id, prop: fresh, selectedOption: 'B' });
    expect((await setResult(sam, fresh.id, 'B')).statusCode).toBe(200);
    const records = await board(ann, group.id);
    expect(
      Object.fromEntries(
        records.map((entry) => [entry.user.displayName, entry.wins - entry.losses]),
      ),
    ).toEqual({ Bo: 1, Ann: -1, Sam: -1, Cy: -1 });

    // The stored records, the rules and a rebuild agree.
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
    expect(await rebuildStandings(db)).toEqual(await computeStandings(db));
    expect(await archivedRounds()).toEqual(roundBoard);
  });

  it("keep an archived round's tiebreaker figure as it was", async () => {
    const { sam, group, first, second } = await crew();
    const url = `/api/groups/${group.id}/rounds/${first.roundId}/tiebreaker`;
    const asked = await sam.request({
      method: 'POST',
      url,
      payload: { question: 'Total points?', locksAt: hoursFromNow(1).toISOString() },
    });
    expect(asked.statusCode).toBe(201);
    await db
      .update(roundTiebreakers)
      .set({ locksAt: hoursFromNow(-1) })
      .where(eq(roundTiebreakers.roundId, first.roundId!));
    await setResult(sam, first.id, 'A');
    await setResult(sam, second.id, 'B');
    expect((await start(sam, group.id, { name: 'Season 2' })).statusCode).toBe(201);

    const figure = await sam.request({
      method: 'PUT',
      url: `${url}/result`,
      payload: { value: 40 },
    });
    expect(figure.statusCode).toBe(409);
    expect(figure.json()).toEqual({
      message: "This round's season is archived: it can no longer change",
    });
  });
});
