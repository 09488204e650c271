import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberRecordOf, rankLeaderboard, winRatePercent } from '@shared/domain/group-stats';
import {
  groupMembers,
  picks,
  props as propsTable,
  standingExemptions,
  users,
} from '../../db/schema';
import { groupVersionSql } from '../../db/group-versions';
import { memberStatsOf } from '../standings/standings.service';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { statementsDuring } from '../../test/statement-counter';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' });

const [lea, ann, bob, cat] = await Promise.all(
  ['Lea', 'Ann', 'Bob', 'Cat'].map((displayName) => registerUser(app, { displayName })),
);
if (!lea || !ann || !bob || !cat) throw new Error('users not created');
const outsider = await registerUser(app, { displayName: 'Out' });

interface Entry {
  user: { id: number; displayName: string };
  wins: number;
  losses: number;
  pending: number;
  percentage: number;
  position: number;
}

const boardOf = async (viewer: TestUser, groupId: number) => {
  const response = await viewer.request({ method: 'GET', url: `/api/leaderboard/${groupId}` });
  expect(response.statusCode).toBe(200);
  return response.json<Entry[]>();
};

/** [name, wins, losses, pending, percentage, position] per row, in board order. */
const rowsOf = (board: Entry[]) =>
  board.map((entry) => [
    entry.user.displayName,
    entry.wins,
    entry.losses,
    entry.pending,
    entry.percentage,
    entry.position,
  ]);

/** The board the shared scoring functions give these members, as rowsOf shows the API's. */
const expectedRowsOf = (
  members: { id: number; name: string; wins: number; losses: number; pending: number }[],
) =>
  rankLeaderboard(
    [...members].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
  ).map((entry) => [
    entry.name,
    entry.wins,
    entry.losses,
    entry.pending,
    winRatePercent(entry.wins, entry.losses),
    entry.position,
  ]);

describe('GET /api/leaderboard/:id', () => {
  it('follows a result being set, changed, voided and removed', async () => {
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: [ann.id, bob.id, cat.id] });
    const decided = await seedProp(db, {
      groupId: group.id,
      result: 'A',
      gameDate: hoursFromNow(-5),
    });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    await seedPick(db, { userId: ann.id, prop: decided, selectedOption: 'A' });
    await seedPick(db, { userId: bob.id, prop: decided, selectedOption: 'A' });
    await seedPick(db, { userId: cat.id, prop: decided, selectedOption: 'B' });
    await seedPick(db, { userId: ann.id, prop, selectedOption: 'A' });
    await seedPick(db, { userId: bob.id, prop, selectedOption: 'B' });
    // Lea picks nothing and Cat skips the second prop: a decided prop not picked is a loss.
    const setResult = async (result: string | null) => {
      const response = await lea.request({
        method: 'PUT',
        url: `/api/predictions/${prop.id}`,
        payload: { result },
      });
      expect(response.statusCode).toBe(200);
    };

    expect(rowsOf(await boardOf(cat, group.id))).toEqual([
      ['Ann', 1, 0, 1, 100, 1],
      ['Bob', 1, 0, 1, 100, 1],
      ['Cat', 0, 1, 0, 0, 3],
      ['Lea', 0, 1, 0, 0, 3],
    ]);

    await setResult('A');
    expect(rowsOf(await boardOf(cat, group.id))).toEqual([
      ['Ann', 2, 0, 0, 100, 1],
      ['Bob', 1, 1, 0, 50, 2],
      ['Cat', 0, 2, 0, 0, 3],
      ['Lea', 0, 2, 0, 0, 3],
    ]);

    await setResult('B');
    expect(rowsOf(await boardOf(cat, group.id))).toEqual([
      ['Bob', 2, 0, 0, 100, 1],
      ['Ann', 1, 1, 0, 50, 2],
      ['Cat', 0, 2, 0, 0, 3],
      ['Lea', 0, 2, 0, 0, 3],
    ]);

    await setResult('N/A');
    expect(rowsOf(await boardOf(cat, group.id))).toEqual([
      ['Ann', 1, 0, 0, 100, 1],
      ['Bob', 1, 0, 0, 100, 1],
      ['Cat', 0, 1, 0, 0, 3],
      ['Lea', 0, 1, 0, 0, 3],
    ]);

    await setResult(null);
    expect(rowsOf(await boardOf(cat, group.id))).toEqual([
      ['Ann', 1, 0, 1, 100, 1],
      ['Bob', 1, 0, 1, 100, 1],
      ['Cat', 0, 1, 0, 0, 3],
      ['Lea', 0, 1, 0, 0, 3],
    ]);

    // The personal stats card reads the same line.
    const stats = await bob.request({ method: 'GET', url: `/api/groups/${group.id}/stats` });
    expect(stats.json()).toEqual({
      wins: 1,
      losses: 0,
      pending: 1,
      winRate: 100,
      position: 1,
      totalMembers: 4,
    });
  });

  it('answers the stats card 304 while the standings stand, and the new card once they move', async () => {
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: [cat.id] });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const url = `/api/groups/${group.id}/stats`;
    const read = (etag?: string) =>
      cat.request({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await read();
    expect(first.json()).toMatchObject({ wins: 0, pending: 0 });
    const tag = String(first.headers.etag);
    expect((await read(tag)).statusCode).toBe(304);
    expect((await read()).json()).toEqual(first.json());

    await seedPick(db, { userId: cat.id, prop, selectedOption: 'A' });
    const picked = await read(tag);
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toMatchObject({ wins: 0, pending: 1 });
  });

  it('lists every member with zeros in a group without props', async () => {
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: [cat.id] });
    expect(rowsOf(await boardOf(lea, group.id))).toEqual([
      ['Cat', 0, 0, 0, 0, 1],
      ['Lea', 0, 0, 0, 0, 1],
    ]);
  });

  it('agrees with the shared scoring functions on a larger group', async () => {
    const members = await Promise.all(
      Array.from({ length: 9 }, (_, index) => registerUser(app, { displayName: `M${index}` })),
    );
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: members.map((m) => m.id) });
    const results = ['A', 'B', 'C', 'N/A', null, 'A', null, 'B'];
    const propRows = await Promise.all(
      results.map((result) =>
        seedProp(db, { groupId: group.id, result, gameDate: hoursFromNow(-2) }),
      ),
    );
    const selections = new Map<number, Map<number, string>>();
    let seed = 7;
    for (const user of [lea, ...members]) {
      const chosen = new Map<number, string>();
      for (const prop of propRows) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const choice = ['A', 'B', 'C', ''][seed % 4];
        if (!choice) continue; // skipped
        chosen.set(prop.id, choice);
        await seedPick(db, { userId: user.id, prop, selectedOption: choice });
      }
      selections.set(user.id, chosen);
    }
    // A pick by someone outside the group never counts.
    await seedPick(db, { userId: outsider.id, prop: propRows[0]!, selectedOption: 'A' });

    const users = [lea, ...members];
    const names = new Map<number, string>([
      [lea.id, 'Lea'],
      ...members.map((m, i) => [m.id, `M${i}`] as [number, string]),
    ]);
    const expected = expectedRowsOf(
      users.map((user) => ({
        id: user.id,
        name: names.get(user.id) ?? '',
        ...memberRecordOf(propRows, selections.get(user.id) ?? new Map()),
      })),
    );
    expect(rowsOf(await boardOf(lea, group.id))).toEqual(expected);
  });

  it('gives the board, positions and cards the rule gives as a big group grows, plays and shrinks', async () => {
    const crowd = await db
      .insert(users)
      .values(
        Array.from({ length: 49 }, (_, index) => ({
          username: `ranked-${index}-${Date.now()}`,
          displayName: `R${String(index).padStart(2, '0')}`,
          passwordHash: 'not a hash: these members never sign in',
        })),
      )
      .returning({ id: users.id, displayName: users.displayName });
    const [last, ...firstMembers] = crowd;
    if (!last) throw new Error('users not created');
    const group = await seedGroup(db, {
      leaderId: lea.id,
      memberIds: firstMembers.slice(0, 48).map((member) => member.id),
    });
    const propRows = await Promise.all(
      ['A', 'B', null, 'A'].map((result) =>
        seedProp(db, { groupId: group.id, result, gameDate: hoursFromNow(-2) }),
      ),
    );
    const everyone = [{ id: lea.id, displayName: 'Lea' }, ...crowd];
    // The 50th joins later without picking: every decided prop is their loss.
    const pickers = everyone.filter(({ id }) => id !== last.id);
    // Every fourth member came after the last prop was decided (exempt from it, as a late
    // joiner is): as many wins as others at a higher win rate, so the tie-break counts.
    const lateProp = propRows[3]!;
    const exempt = new Set(pickers.filter((_, index) => index % 4 === 1).map(({ id }) => id));
    const selections = new Map(
      pickers.map(({ id }, index) => [
        id,
        new Map(
          propRows
            .filter((prop) => !(exempt.has(id) && prop === lateProp))
            .map((prop, at) => [prop.id, ['A', 'B', 'C'][(index * 7 + at * 3) % 3]!]),
        ),
      ]),
    );
    await db
      .insert(standingExemptions)
      .values([...exempt].map((userId) => ({ groupId: group.id, userId, propId: lateProp.id })));
    await db.insert(picks).values(
      pickers.flatMap(({ id }) =>
        [...(selections.get(id) ?? [])].map(([propId, selectedOption]) => ({
          userId: id,
          propId,
          groupId: group.id,
          selectedOption,
        })),
      ),
    );
    const contestants = async () =>
      (
        await db.execute<{ id: number }>(
          sql`select user_id as id from group_members where group_id = ${group.id}`,
        )
      ).rows.map((row) => Number(row.id));
    const expectedBoard = async () => {
      const ids = new Set(await contestants());
      const props = await db.select().from(propsTable).where(eq(propsTable.groupId, group.id));
      return expectedRowsOf(
        everyone
          .filter(({ id }) => ids.has(id))
          .map(({ id, displayName }) => ({
            id,
            name: displayName,
            ...memberRecordOf(
              props,
              selections.get(id) ?? new Map(),
              new Set(exempt.has(id) ? [lateProp.id] : []),
            ),
          })),
      );
    };
    /** The whole board, its pages, and Lea's stats card and home card agree with the rule. */
    const expectAnswersAsTheRule = async () => {
      const expected = await expectedBoard();
      const whole = await boardOf(lea, group.id);
      expect(rowsOf(whole)).toEqual(expected);
      const page = await lea.request({
        method: 'GET',
        url: `/api/leaderboard/${group.id}?limit=7&offset=21`,
      });
      expect(page.json<Entry[]>()).toEqual(whole.slice(21, 28));
      const leaRow = expected.find(([name]) => name === 'Lea');
      const stats = await lea.request({ method: 'GET', url: `/api/groups/${group.id}/stats` });
      expect(stats.json<{ position: number; totalMembers: number }>()).toMatchObject({
        position: leaRow?.[5],
        totalMembers: expected.length,
      });
      const cards = await lea.request({ method: 'GET', url: `/api/users/${lea.id}/groups` });
      const card = cards
        .json<{ id: number; leaderboardPosition: number | null }[]>()
        .find((candidate) => candidate.id === group.id);
      expect(card?.leaderboardPosition).toBe(leaRow?.[5]);
      // Every member's card position (the count over the board), not only Lea's.
      const names = new Map(everyone.map(({ id, displayName }) => [id, displayName]));
      const { rows } = await db.execute<{ version: string }>(
        sql.raw(`select ${groupVersionSql(String(group.id))} as version`),
      );
      const version = rows[0]!.version;
      const positions = await Promise.all(
        (await contestants()).map(
          async (id) =>
            [names.get(id), (await memberStatsOf(db, group.id, id, version)).position] as const,
        ),
      );
      expect(new Map(positions)).toEqual(new Map(expected.map((row) => [row[0], row[5]] as const)));
    };

    await expectAnswersAsTheRule();

    await db.insert(groupMembers).values({ groupId: group.id, userId: last.id });
    await expectAnswersAsTheRule();

    // A result changed, then a member leaving.
    const changed = await lea.request({
      method: 'PUT',
      url: `/api/predictions/${propRows[0]!.id}`,
      payload: { result: 'C' },
    });
    expect(changed.statusCode).toBe(200);
    await expectAnswersAsTheRule();
    await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, crowd[3]!.id)));
    await expectAnswersAsTheRule();
  });

  it('uses the same number of queries whatever the number of members and props', async () => {
    const countQueries = async (memberCount: number, propCount: number) => {
      const members = await Promise.all(
        Array.from({ length: memberCount }, () => registerUser(app)),
      );
      const group = await seedGroup(db, { leaderId: lea.id, memberIds: members.map((m) => m.id) });
      for (let index = 0; index < propCount; index += 1) {
        const prop = await seedProp(db, { groupId: group.id, result: index % 2 ? 'A' : null });
        for (const member of members)
          await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
      }
      return (await statementsDuring(() => boardOf(lea, group.id))).length;
    };
    const small = await countQueries(1, 1);
    const large = await countQueries(12, 6);
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });

  it('answers a page with the whole board’s positions, and the total in X-Total-Count', async () => {
    const members = await Promise.all(
      ['Ava', 'Ben', 'Cy', 'Dee', 'Eve'].map((displayName) => registerUser(app, { displayName })),
    );
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: members.map((m) => m.id) });
    const decided = await Promise.all(
      ['A', 'A', 'A'].map((result) =>
        seedProp(db, { groupId: group.id, result, gameDate: hoursFromNow(-3) }),
      ),
    );
    // Ava 3 wins, Ben and Cy 2 (tied), Dee 1, Eve and Lea 0.
    const wins: Record<string, number> = { Ava: 3, Ben: 2, Cy: 2, Dee: 1, Eve: 0 };
    for (const [index, member] of members.entries()) {
      const name = ['Ava', 'Ben', 'Cy', 'Dee', 'Eve'][index] ?? '';
      for (const [propIndex, prop] of decided.entries()) {
        const selectedOption = propIndex < (wins[name] ?? 0) ? 'A' : 'B';
        await seedPick(db, { userId: member.id, prop, selectedOption });
      }
    }
    const whole = await boardOf(lea, group.id);
    expect(whole.map((entry) => [entry.user.displayName, entry.position])).toEqual([
      ['Ava', 1],
      ['Ben', 2],
      ['Cy', 2],
      ['Dee', 4],
      ['Eve', 5],
      ['Lea', 5],
    ]);
    const wholeResponse = await lea.request({ method: 'GET', url: `/api/leaderboard/${group.id}` });
    expect(wholeResponse.headers['x-total-count']).toBe('6');

    const first = await lea.request({ method: 'GET', url: `/api/leaderboard/${group.id}?limit=2` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('6');
    expect(first.json<Entry[]>()).toEqual(whole.slice(0, 2));

    const middle = await lea.request({
      method: 'GET',
      url: `/api/leaderboard/${group.id}?limit=2&offset=2`,
    });
    expect(middle.headers['x-total-count']).toBe('6');
    // Positions are the whole board's: Cy shares Ben's second place across the page break.
    expect(middle.json<Entry[]>()).toEqual(whole.slice(2, 4));

    const rest = await lea.request({ method: 'GET', url: `/api/leaderboard/${group.id}?offset=4` });
    expect(rest.json<Entry[]>()).toEqual(whole.slice(4));
    const past = await lea.request({
      method: 'GET',
      url: `/api/leaderboard/${group.id}?offset=10`,
    });
    expect(past.json<Entry[]>()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');

    // Someone outside the group learns nothing, not even its size.
    const outside = await ann.request({
      method: 'GET',
      url: `/api/leaderboard/${group.id}?limit=2`,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['x-total-count']).toBeUndefined();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['offset=1.5', 'offset'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: [ann.id] });
    const response = await ann.request({
      method: 'GET',
      url: `/api/leaderboard/${group.id}?${query}`,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; fieldErrors: Record<string, string[]> }>();
    expect(body.fieldErrors[field]?.[0]).toMatch(new RegExp(`^${field} must be a whole number`));
  });

  it('is for members only', async () => {
    const group = await seedGroup(db, { leaderId: lea.id, memberIds: [ann.id] });
    const response = await outsider.request({ method: 'GET', url: `/api/leaderboard/${group.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Group not found' });
    expect(
      (await app.inject({ method: 'GET', url: `/api/leaderboard/${group.id}` })).statusCode,
    ).toBe(401);
  });
});
