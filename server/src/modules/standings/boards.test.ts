import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@shared/contract/props';
import {
  picks,
  props,
  roundTiebreakers,
  roundWinners,
  seasonStandings,
  users,
} from '../../db/schema';
import { hoursFromNow, seedEndedSeason, seedPick, seedProp } from '../../test/group-fixtures';
import { statementsDuring } from '../../test/statement-counter';
import {
  DAY_HOURS,
  expectSeasonRefused,
  league as leagueOf,
} from '../../test/competition-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const league = (settings?: Parameters<typeof leagueOf>[2]) => leagueOf(app, db, settings);

const boardUrl = (groupId: number, query = '') => `/api/leaderboard/${groupId}${query}`;
async function boardOf(viewer: TestUser, groupId: number, query = '') {
  const response = await viewer.request({ method: 'GET', url: boardUrl(groupId, query) });
  expect(response.statusCode).toBe(200);
  return response.json<LeaderboardEntry[]>();
}

/** [name, position, points, pointsBeforeDrop, roundWins] in board order. */
const rowsOf = (board: LeaderboardEntry[]) =>
  board.map((entry) => [
    entry.user.displayName,
    entry.position,
    entry.points,
    entry.pointsBeforeDrop,
    entry.roundWins,
  ]);

const decisionsOf = (board: LeaderboardEntry[]) =>
  board.flatMap((entry) => (entry.decision ? [[entry.user.displayName, entry.decision.text]] : []));

/** Picks straight into the table; `option` per member, none when absent. */
async function pickAll(prop: { id: number; groupId: number }, choices: [TestUser, string][]) {
  for (const [user, selectedOption] of choices)
    await seedPick(db, { userId: user.id, prop, selectedOption });
}

const decide = (propId: number, result: string) =>
  db.update(props).set({ result }).where(eq(props.id, propId));

/** A round's tiebreaker through the API: asked, answered in order, locked, then its figure. */
async function tiebreak(
  leader: TestUser,
  groupId: number,
  roundId: number,
  answers: [TestUser, number][],
  actual: number,
) {
  const url = `/api/groups/${groupId}/rounds/${roundId}/tiebreaker`;
  const asked = await leader.request({
    method: 'POST',
    url,
    payload: { question: 'Total points?', locksAt: hoursFromNow(2).toISOString() },
  });
  expect(asked.statusCode).toBe(201);
  for (const [user, value] of answers) {
    const answered = await user.request({
      method: 'PUT',
      url: `${url}/answer`,
      payload: { value },
    });
    expect(answered.statusCode).toBe(200);
  }
  await db
    .update(roundTiebreakers)
    .set({ locksAt: hoursFromNow(-1) })
    .where(eq(roundTiebreakers.roundId, roundId));
  const set = await leader.request({
    method: 'PUT',
    url: `${url}/result`,
    payload: { value: actual },
  });
  expect(set.statusCode).toBe(200);
}

describe('GET /api/leaderboard/:id?round=', () => {
  it('ranks a round by points, then the tiebreaker, and says what decided first place', async () => {
    const { sam, ann, bob, cy, group } = await league();
    const decided = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-3) });
    // An open prop keeps the round in play.
    const open = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-3) });
    const roundId = decided.roundId!;
    expect(open.roundId).toBe(roundId);
    await pickAll(decided, [
      [ann, 'A'],
      [bob, 'A'],
      [cy, 'B'],
    ]);
    await seedPick(db, { userId: cy.id, prop: open, selectedOption: 'A' });
    await decide(decided.id, 'A');

    const query = `?round=${roundId}`;
    // Until the figure is known, equal points share the place.
    const before = await boardOf(ann, group.id, query);
    expect(rowsOf(before)).toEqual([
      ['Ann', 1, 1, 1, 0],
      ['Bob', 1, 1, 1, 0],
      ['Cy', 3, 0, 0, 0],
      ['Sam', 3, 0, 0, 0],
    ]);
    expect(before.find((entry) => entry.user.displayName === 'Cy')).toMatchObject({
      wins: 0,
      losses: 1,
      pending: 1,
      percentage: 0,
    });
    expect(decisionsOf(before)).toEqual([
      ['Ann', 'shared: equal on points and the tiebreaker'],
      ['Bob', 'shared: equal on points and the tiebreaker'],
    ]);

    await tiebreak(
      sam,
      group.id,
      roundId,
      [
        [ann, 45],
        [bob, 47],
      ],
      47,
    );
    for (const viewer of [sam, cy]) {
      const after = await boardOf(viewer, group.id, query);
      expect(rowsOf(after).map(([name, position]) => [name, position])).toEqual([
        ['Bob', 1],
        ['Ann', 2],
        ['Cy', 3],
        ['Sam', 3],
      ]);
      expect(decisionsOf(after)).toEqual([['Bob', 'won on the tiebreaker: 47 vs 45']]);
    }
  });

  it('refuses a round of another group, a malformed one, and a round with a season', async () => {
    const { ann, group, season } = await league();
    const other = await league();
    const theirs = await seedProp(db, { groupId: other.group.id, gameDate: hoursFromNow(-3) });
    const foreign = await ann.request({
      method: 'GET',
      url: boardUrl(group.id, `?round=${theirs.roundId}`),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Round not found' });
    const malformed = await ann.request({ method: 'GET', url: boardUrl(group.id, '?round=week') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBe('Round not found');
    const both = await ann.request({
      method: 'GET',
      url: boardUrl(group.id, `?round=${theirs.roundId}&season=${season.id}`),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ message: string }>().message).toBe('Give a round or a season, not both');
    const outsider = await ann.request({
      method: 'GET',
      url: boardUrl(other.group.id, `?round=${theirs.roundId}`),
    });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: 'Group not found' });
  });
});

describe('GET /api/leaderboard/:id (the season)', () => {
  it('ranks by points after the dropped rounds and shows both totals', async () => {
    const { sam, ann, bob, cy, group } = await league({ dropWorstRounds: 1 });
    const week = (daysAgo: number, results: (string | null)[]) =>
      Promise.all(
        results.map(async (result) => {
          const prop = await seedProp(db, {
            groupId: group.id,
            gameDate: hoursFromNow(-daysAgo * DAY_HOURS),
          });
          return { prop, result };
        }),
      );
    const [first, second, third] = [
      await week(20, ['A', 'A']),
      await week(13, ['A']),
      await week(2, ['A', null]),
    ];
    const choose = async (user: TestUser, options: string[]) => {
      const all = [...first, ...second, ...third];
      for (const [index, option] of options.entries()) {
        if (option)
          await seedPick(db, { userId: user.id, prop: all[index]!.prop, selectedOption: option });
      }
    };
    // Weeks 1 and 2 are complete; week 3 is in play.
    await choose(ann, ['A', 'A', 'B', 'A']); // 2, 0, 1: the 0 of week 2 is dropped
    await choose(bob, ['B', 'B', 'A', 'A']); // 0, 1, 1: week 1 dropped
    await choose(cy, ['A', 'B', 'A', 'B']); // 1, 1, 0: the earlier of the equal weeks dropped
    for (const { prop, result } of [...first, ...second, ...third]) {
      if (result) await decide(prop.id, result);
    }
    const board = await boardOf(sam, group.id);
    expect(
      board.map((entry) => [
        entry.user.displayName,
        entry.position,
        entry.points,
        entry.pointsBeforeDrop,
      ]),
    ).toEqual([
      ['Ann', 1, 3, 3],
      ['Bob', 2, 2, 2],
      ['Cy', 3, 1, 2],
      ['Sam', 4, 0, 0],
    ]);
    expect(board[0]).toMatchObject({ wins: 3, losses: 1, percentage: 75 });
    expect(decisionsOf(board)).toEqual([['Ann', 'won on points: 3 vs 2']]);
  });

  it('earns confidence points, and breaks equal points by round wins, then the total tiebreaker distance', async () => {
    const { sam, ann, bob, cy, group } = await league({ scoring: 'confidence' });
    const weekOne = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-20 * DAY_HOURS),
    });
    const weekOneOpen = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-20 * DAY_HOURS),
    });
    const weekThree = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-2) });
    const weekThreeOpen = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-2) });
    const pick = (
      user: TestUser,
      prop: typeof weekOne,
      selectedOption: string,
      confidence: number,
    ) =>
      db.insert(picks).values({
        userId: user.id,
        propId: prop.id,
        groupId: group.id,
        selectedOption,
        confidence,
      });
    await pick(ann, weekOne, 'A', 2); // 2 points
    await pick(bob, weekThree, 'A', 2); // 2 points
    await pick(cy, weekOne, 'A', 1); // 1 + 1
    await pick(cy, weekThree, 'A', 1);
    await pick(sam, weekOne, 'B', 2); // 0
    await decide(weekOne.id, 'A');
    await decide(weekThree.id, 'A');
    // The rounds are still in play (an open prop each), so their winners are set here.
    await db
      .insert(roundWinners)
      .values({ roundId: weekOne.roundId!, userId: ann.id, displayName: 'Ann', points: 2 });
    await tiebreak(
      sam,
      group.id,
      weekThree.roundId!,
      [
        [bob, 40],
        [cy, 45],
      ],
      44,
    );
    expect(weekOneOpen.roundId).toBe(weekOne.roundId);
    expect(weekThreeOpen.roundId).toBe(weekThree.roundId);

    const board = await boardOf(bob, group.id);
    expect(rowsOf(board)).toEqual([
      ['Ann', 1, 2, 2, 1],
      ['Cy', 2, 2, 2, 0],
      ['Bob', 3, 2, 2, 0],
      ['Sam', 4, 0, 0, 0],
    ]);
    expect(board.find((entry) => entry.user.displayName === 'Cy')).toMatchObject({
      wins: 2,
      losses: 0,
    });
    expect(decisionsOf(board)).toEqual([['Ann', 'won on round wins: 1 vs 0']]);
    // Paged, the positions stay the whole board's.
    const page = await bob.request({ method: 'GET', url: boardUrl(group.id, '?limit=2&offset=1') });
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json<LeaderboardEntry[]>()).toEqual(board.slice(1, 3));
    // Each member's stats card and home card say the board's place, not the order of wins.
    for (const [user, place] of [
      [ann, 1],
      [cy, 2],
      [bob, 3],
    ] as const) {
      const stats = await user.request({ method: 'GET', url: `/api/groups/${group.id}/stats` });
      expect(stats.json()).toMatchObject({ position: place, wins: user === cy ? 2 : 1 });
      const cards = await user.request({ method: 'GET', url: `/api/users/${user.id}/groups` });
      expect(
        cards
          .json<{ id: number; leaderboardPosition: number }[]>()
          .find(({ id }) => id === group.id),
      ).toMatchObject({ leaderboardPosition: place });
    }
  });

  it("says how many of the season's weeks count for a member who joined late", async () => {
    const { sam, group } = await league();
    const weekOne = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-20 * DAY_HOURS),
    });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-20 * DAY_HOURS) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(30) });
    await decide(weekOne.id, 'A');
    const dee = await registerUser(app, { displayName: 'Dee' });
    const joined = await dee.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(joined.statusCode).toBe(200);
    const board = await boardOf(sam, group.id);
    expect(board.find((entry) => entry.user.displayName === 'Dee')?.rounds).toEqual({
      counted: 1,
      total: 2,
    });
    // The others play every week: nothing to say, nothing sent.
    expect(board.filter((entry) => entry.rounds !== undefined)).toHaveLength(1);
  });

  it("reads an archived season's stored board, a deleted account by name", async () => {
    const { ann, bob, group, season } = await league();
    const gone = await registerUser(app, { displayName: 'Zed' });
    const old = await seedEndedSeason(db, group.id);
    const stored = (userId: number | null, displayName: string, rank: number, points: number) => ({
      seasonId: old.id,
      userId,
      displayName,
      rank,
      points,
      pointsBeforeDrop: points + 1,
      wins: points,
      losses: 2,
      roundWins: rank === 1 ? 3 : 1,
    });
    await db
      .insert(seasonStandings)
      .values([
        stored(bob.id, 'Bob', 2, 5),
        stored(gone.id, 'Zed', 1, 9),
        stored(ann.id, 'Ann', 2, 5),
      ]);
    await db.delete(users).where(eq(users.id, gone.id));

    const board = await boardOf(ann, group.id, `?season=${old.id}`);
    expect(board.map((entry) => [entry.user.id, entry.user.displayName, entry.position])).toEqual([
      [null, 'Zed', 1],
      [ann.id, 'Ann', 2],
      [bob.id, 'Bob', 2],
    ]);
    expect(board[0]).toMatchObject({
      points: 9,
      pointsBeforeDrop: 10,
      roundWins: 3,
      wins: 9,
      losses: 2,
      pending: 0,
      decision: { decidedBy: 'points', text: 'won on points: 9 vs 5' },
    });
    // The current season by id is the default board.
    expect(await boardOf(ann, group.id, `?season=${season.id}`)).toEqual(
      await boardOf(ann, group.id),
    );

    const other = await league();
    await expectSeasonRefused(ann, (query) => boardUrl(group.id, query), other.season.id);
  });

  it('uses the same number of statements whatever the number of members, rounds and tiebreakers', async () => {
    const countFor = async (weeks: number) => {
      const { sam, ann, bob, cy, group } = await league({ dropWorstRounds: 2 });
      let lastRound = 0;
      for (let week = 0; week < weeks; week += 1) {
        const prop = await seedProp(db, {
          groupId: group.id,
          gameDate: hoursFromNow((-20 + week * 7) * DAY_HOURS),
        });
        await pickAll(prop, [
          [ann, 'A'],
          [bob, 'B'],
          [cy, 'A'],
        ]);
        await decide(prop.id, 'A');
        lastRound = prop.roundId!;
      }
      if (weeks > 1) await tiebreak(sam, group.id, lastRound, [[ann, 3]], 7);
      const season = (await statementsDuring(() => boardOf(sam, group.id))).length;
      const round = (await statementsDuring(() => boardOf(sam, group.id, `?round=${lastRound}`)))
        .length;
      return [season, round];
    };
    expect(await countFor(3)).toEqual(await countFor(1));
  });
});
