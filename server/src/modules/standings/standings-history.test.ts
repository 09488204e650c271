import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StandingsHistory } from '@shared/contract/rounds';
import { roundOf } from '@shared/domain/rounds';
import { groupMembers, props, users } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { statementsDuring } from '../../test/statement-counter';
import {
  DAY_HOURS,
  expectSeasonRefused,
  league as leagueOf,
} from '../../test/competition-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const league = () => leagueOf(app, db);

const historyUrl = (groupId: number, query = '') =>
  `/api/groups/${groupId}/standings-history${query}`;
async function historyOf(viewer: TestUser, groupId: number, query = '') {
  const response = await viewer.request({ method: 'GET', url: historyUrl(groupId, query) });
  expect(response.statusCode).toBe(200);
  return response.json<StandingsHistory>();
}

/** A decided prop in the week `daysAgo`, with an open one that keeps the round in play. */
async function week(groupId: number, daysAgo: number) {
  const gameDate = hoursFromNow(-daysAgo * DAY_HOURS);
  const decided = await seedProp(db, { groupId, gameDate });
  await seedProp(db, { groupId, gameDate });
  return decided;
}

const decide = (propId: number) =>
  db.update(props).set({ result: 'A' }).where(eq(props.id, propId));

describe('GET /api/groups/:id/standings-history', () => {
  it('gives each member’s rank and points after every round begun, as the board ranks them', async () => {
    const { sam, ann, bob, cy, group, season } = await league();
    const weeks = [await week(group.id, 20), await week(group.id, 13), await week(group.id, 0.1)];
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(8 * DAY_HOURS) });
    const choices: [TestUser, string[]][] = [
      [ann, ['A', '', 'A']],
      [bob, ['B', 'A', 'B']],
      [cy, ['A', 'B', 'B']],
    ];
    for (const [user, options] of choices) {
      for (const [at, option] of options.entries()) {
        if (option)
          await seedPick(db, { userId: user.id, prop: weeks[at]!, selectedOption: option });
      }
    }
    for (const prop of weeks) await decide(prop.id);

    const history = await historyOf(bob, group.id);
    // The round to come is not drawn.
    expect(history.rounds).toEqual(
      weeks.map((prop) => ({
        id: prop.roundId,
        label: roundOf(season.startedAt, prop.gameDate!).label,
      })),
    );
    expect(
      history.members.map(({ displayName, ranks, points }) => [displayName, { ranks, points }]),
    ).toEqual([
      ['Ann', { ranks: [1, 1, 1], points: [1, 1, 2] }],
      ['Bob', { ranks: [3, 1, 2], points: [0, 1, 1] }],
      ['Cy', { ranks: [1, 1, 2], points: [1, 1, 1] }],
      ['Sam', { ranks: [3, 4, 4], points: [0, 0, 0] }],
    ]);
    expect(history.members.find((member) => member.displayName === 'Sam')?.userId).toBe(sam.id);
    // The last point is the board as it stands.
    const board = await bob.request({ method: 'GET', url: `/api/leaderboard/${group.id}` });
    expect(
      board
        .json<{ user: { displayName: string }; position: number; points: number }[]>()
        .map((entry) => [entry.user.displayName, entry.position, entry.points]),
    ).toEqual(
      history.members.map((member) => [member.displayName, member.ranks[2], member.points[2]]),
    );
  });

  it('draws the first ten of the latest round and the viewer, whoever asks', async () => {
    const crowd = await db
      .insert(users)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          username: `history-${index}-${Date.now()}`,
          displayName: `M${String(index).padStart(2, '0')}`,
          passwordHash: 'not a hash: these members never sign in',
        })),
      )
      .returning({ id: users.id, displayName: users.displayName });
    const sam = await registerUser(app, { displayName: 'Sam' });
    const viewer = await registerUser(app, { displayName: 'Viv' });
    const group = await seedGroup(db, {
      leaderId: sam.id,
      memberIds: [...crowd.map((member) => member.id), viewer.id],
    });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    for (const [index, member] of crowd.entries()) {
      await seedPick(db, { userId: member.id, prop, selectedOption: index < 10 ? 'A' : 'B' });
    }
    await seedPick(db, { userId: viewer.id, prop, selectedOption: 'B' });
    await decide(prop.id);

    const leaders = crowd.slice(0, 10).map((member) => [member.displayName, [1]]);
    const seenBy = async (user: TestUser) =>
      (await historyOf(user, group.id)).members.map((member) => [member.displayName, member.ranks]);
    expect(await seenBy(viewer)).toEqual([...leaders, ['Viv', [11]]]);
    expect(await seenBy(sam)).toEqual([...leaders, ['Sam', [11]]]);
  });

  it('is empty of rounds before the first, the viewer alone listed', async () => {
    const { ann, group } = await league();
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(8 * DAY_HOURS) });
    const history = await historyOf(ann, group.id);
    expect(history).toEqual({
      rounds: [],
      members: [{ userId: ann.id, displayName: 'Ann', ranks: [], points: [] }],
    });
  });

  it('refuses another group’s season, a malformed one, and anyone outside the group', async () => {
    const { ann, group } = await league();
    const other = await league();
    await expectSeasonRefused(ann, (query) => historyUrl(group.id, query), other.season.id);
    const outside = await ann.request({ method: 'GET', url: historyUrl(other.group.id) });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Group not found' });
    expect((await app.inject({ method: 'GET', url: historyUrl(group.id) })).statusCode).toBe(401);
    // A member who left reads it no more.
    await db.delete(groupMembers).where(eq(groupMembers.userId, ann.id));
    expect((await ann.request({ method: 'GET', url: historyUrl(group.id) })).statusCode).toBe(404);
  });

  it('uses the same number of statements whatever the number of rounds and members', async () => {
    const countFor = async (weeks: number) => {
      const { sam, ann, group } = await league();
      for (let at = 0; at < weeks; at += 1) {
        const prop = await week(group.id, 20 - at * 7);
        await seedPick(db, { userId: ann.id, prop, selectedOption: 'A' });
        await decide(prop.id);
      }
      return (await statementsDuring(() => historyOf(sam, group.id))).length;
    };
    expect(await countFor(3)).toBe(await countFor(1));
  });
});
