import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeaderboardEntry, MemberStats } from '@shared/contract/props';
import { masterProps, props } from '../../db/schema';
import { hoursFromNow, seedProp } from '../../test/group-fixtures';
import { daysFromNow, sheetCsv, type SheetLine } from '../../test/master-props-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import type { MasterPropsSources } from '../master-props/master-props-sync';
import { createOpenProp, createPool } from './standings-test-kit';
import { computeStandings, storedStandings } from './expected-standings';

/**
 * Every write that moves a standing updates the stored one in its own transaction: after
 * each, the board and the stats card say what the scoring rule says, and the stored rows
 * equal the recomputed ones.
 */
const sources: MasterPropsSources = {};
const { app, database } = await createTestApp({ masterProps: { sources } });
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const [lea, ann, bob] = (await Promise.all(
  ['Lea', 'Ann', 'Bob'].map((displayName) => registerUser(app, { displayName })),
)) as [TestUser, TestUser, TestUser];
const folder = await mkdtemp(path.join(os.tmpdir(), 'pickem-standings-'));

afterEach(async () => {
  expect(await storedStandings(db)).toEqual(await computeStandings(db));
});

async function newGroup(leader: TestUser, members: TestUser[]) {
  const { id, code } = await createPool(leader);
  for (const member of members) await join(member, code);
  return { id, code };
}

async function join(member: TestUser, code: string) {
  const joined = await member.request({
    method: 'POST',
    url: '/api/groups/join',
    payload: { code },
  });
  expect(joined.statusCode, joined.body).toBe(200);
}

const createProp = createOpenProp;

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return done;
};
const pick = (user: TestUser, propId: number, option: string) =>
  ok(
    user.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: propId, selectedOption: option },
    }),
  );
const setResult = (leader: TestUser, propId: number, result: string | null) =>
  ok(leader.request({ method: 'PUT', url: `/api/predictions/${propId}`, payload: { result } }));

async function statsOf(user: TestUser, groupId: number) {
  const response = await user.request({ method: 'GET', url: `/api/groups/${groupId}/stats` });
  expect(response.statusCode).toBe(200);
  const { wins, losses, pending, position, totalMembers } = response.json<MemberStats>();
  return { wins, losses, pending, position, totalMembers };
}

async function boardOf(user: TestUser, groupId: number) {
  const response = await user.request({ method: 'GET', url: `/api/leaderboard/${groupId}` });
  expect(response.statusCode).toBe(200);
  return response
    .json<LeaderboardEntry[]>()
    .map(
      (entry) =>
        `${entry.position} ${entry.user.displayName} ${entry.wins}-${entry.losses} (${entry.pending})`,
    );
}

describe('a leader’s group', () => {
  it('follows picks made and changed, and results set, changed, voided and removed', async () => {
    const group = await newGroup(lea, [ann, bob]);
    const p1 = await createProp(lea, group.id);
    await pick(ann, p1, 'A');
    expect(await statsOf(ann, group.id)).toEqual({
      wins: 0,
      losses: 0,
      pending: 1,
      position: 1,
      totalMembers: 3,
    });
    await pick(ann, p1, 'B'); // changed
    await pick(bob, p1, 'A');
    await setResult(lea, p1, 'A');
    expect(await boardOf(ann, group.id)).toEqual([
      '1 Bob 1-0 (0)',
      '2 Ann 0-1 (0)',
      '2 Lea 0-1 (0)',
    ]);
    await setResult(lea, p1, 'B'); // changed
    expect(await boardOf(ann, group.id)).toEqual([
      '1 Ann 1-0 (0)',
      '2 Bob 0-1 (0)',
      '2 Lea 0-1 (0)',
    ]);
    await setResult(lea, p1, 'N/A'); // voided
    expect(await boardOf(ann, group.id)).toEqual([
      '1 Ann 0-0 (0)',
      '1 Bob 0-0 (0)',
      '1 Lea 0-0 (0)',
    ]);
    // Removed once the game is under way (the prop stays locked: its picks were seen).
    await db
      .update(props)
      .set({ gameDate: hoursFromNow(-1) })
      .where(eq(props.id, p1));
    await setResult(lea, p1, null); // removed
    expect(await statsOf(bob, group.id)).toEqual({
      wins: 0,
      losses: 0,
      pending: 1,
      position: 1,
      totalMembers: 3,
    });
  });

  it('follows a prop deleted, Delete All Props, an edit that drops a picked option, and a rename', async () => {
    const group = await newGroup(lea, [ann]);
    const [p1, p2, p3] = [
      await createProp(lea, group.id),
      await createProp(lea, group.id),
      await createProp(lea, group.id),
    ];
    for (const id of [p1, p2, p3]) await pick(ann, id, 'C');
    expect((await statsOf(ann, group.id)).pending).toBe(3);
    await ok(lea.request({ method: 'DELETE', url: `/api/predictions/${p1}` }));
    expect((await statsOf(ann, group.id)).pending).toBe(2);
    await ok(
      lea.request({
        method: 'PUT',
        url: `/api/predictions/${p2}`,
        payload: {
          sport: 'NFL',
          title: 'Who wins?',
          description: 'No C any more',
          options: ['A', 'B'],
          gameDate: hoursFromNow(24).toISOString(),
        },
      }),
    );
    expect((await statsOf(ann, group.id)).pending).toBe(1);
    await ok(lea.request({ method: 'DELETE', url: `/api/groups/${group.id}/unlocked-props` }));
    expect((await statsOf(ann, group.id)).pending).toBe(0);
    await ok(
      ann.request({ method: 'PUT', url: `/api/users/${ann.id}`, payload: { displayName: 'Anna' } }),
    );
    expect(await boardOf(lea, group.id)).toEqual(['1 Anna 0-0 (0)', '1 Lea 0-0 (0)']);
    await ok(
      ann.request({ method: 'PUT', url: `/api/users/${ann.id}`, payload: { displayName: 'Ann' } }),
    );
  });

  it('scores a late joiner only on props still open when they joined; leaving takes them off', async () => {
    const group = await newGroup(lea, [ann]);
    const decided = await createProp(lea, group.id);
    const open = await createProp(lea, group.id);
    const started = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    await pick(ann, decided, 'A');
    await setResult(lea, decided, 'A');
    await join(bob, group.code);
    // Decided (and started) before Bob came: no loss for him.
    expect(await statsOf(bob, group.id)).toEqual({
      wins: 0,
      losses: 0,
      pending: 0,
      position: 2,
      totalMembers: 3,
    });
    await setResult(lea, started.id, 'B');
    await setResult(lea, open, 'B');
    // The open prop counts for Bob (he could have picked it); the started one does not.
    expect(await boardOf(bob, group.id)).toEqual([
      '1 Ann 1-2 (0)',
      '2 Bob 0-1 (0)',
      '2 Lea 0-3 (0)',
    ]);
    // His cards say so: not counted, rather than lost for want of a pick.
    const listed = await bob.request({ method: 'GET', url: `/api/predictions/group/${group.id}` });
    const outcomes = new Map(
      listed.json<{ id: number; outcome: string }[]>().map((prop) => [prop.id, prop.outcome]),
    );
    expect([outcomes.get(decided), outcomes.get(started.id), outcomes.get(open)]).toEqual([
      'exempt',
      'exempt',
      'loss',
    ]);
    await ok(
      bob.request({ method: 'POST', url: '/api/groups/leave', payload: { groupId: group.id } }),
    );
    expect(await statsOf(ann, group.id)).toMatchObject({ position: 1, totalMembers: 2 });
  });
});

describe('an official event', () => {
  it('has the operator as its leader but not on its board, in its totals or positions', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/groups/official',
      payload: { name: 'Standings Challenge', activeSports: ['NFL'] },
    });
    expect(created.statusCode).toBe(201);
    const eventId = created.json<{ group: { id: number } }>().group.id;
    const joined = await ann.request({
      method: 'POST',
      url: '/api/groups/join-official',
      payload: { groupId: eventId, socialUsername: 'u/ann' },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ group: { memberCount: 1 } });
    expect(await statsOf(ann, eventId)).toMatchObject({ position: 1, totalMembers: 1 });
    expect(await boardOf(admin, eventId)).toEqual(['1 Ann 0-0 (0)']);
    expect(await statsOf(admin, eventId)).toEqual({
      wins: 0,
      losses: 0,
      pending: 0,
      position: 0,
      totalMembers: 1,
    });
    const cards = await ann.request({ method: 'GET', url: `/api/users/${ann.id}/groups` });
    expect(cards.json<{ id: number }[]>().find((card) => card.id === eventId)).toMatchObject({
      memberCount: 1,
      leaderboardPosition: 1,
    });
  });
});

describe("the operator's master props", () => {
  const writeSheet = async (lines: SheetLine[]) => {
    const file = path.join(folder, 'nfl.csv');
    await writeFile(file, sheetCsv(lines));
    sources.NFL = file;
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/sync-master-props',
      payload: { sport: 'NFL', removeMissing: true },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const line = (fields: Partial<SheetLine> = {}): SheetLine => ({
    key: 'std-1',
    title: 'Bills at Jets',
    options: 'Home|Away|Tie',
    gameDate: daysFromNow(2),
    ...fields,
  });

  it('fan a result out to every imported copy, and a sheet sync changes and removes them', async () => {
    await writeSheet([line()]);
    const [master] = await db.select().from(masterProps).where(eq(masterProps.sourceKey, 'std-1'));
    if (!master) throw new Error('master prop not synced');
    const pools = [await newGroup(lea, [ann]), await newGroup(bob, [ann])];
    for (const [index, pool] of pools.entries()) {
      const leader = index === 0 ? lea : bob;
      const imported = await leader.request({
        method: 'POST',
        url: '/api/import-props',
        payload: {
          groupId: pool.id,
          sport: 'NFL',
          importAll: true,
          dateFrom: new Date().toISOString(),
          dateTo: daysFromNow(7).toISOString(),
        },
      });
      expect(imported.statusCode, imported.body).toBe(200);
    }
    const copies = await db.select().from(props).where(eq(props.masterPropId, master.id));
    expect(copies).toHaveLength(2);
    for (const copy of copies) await pick(ann, copy.id, 'Tie');

    const patch = (result: string | null) =>
      ok(
        admin.request({
          method: 'PATCH',
          url: `/api/admin/master-props/${master.id}`,
          payload: { result },
        }),
      );
    await patch('Tie');
    for (const pool of pools)
      expect(await statsOf(ann, pool.id)).toMatchObject({ wins: 1, losses: 0, position: 1 });
    await patch('Home');
    for (const pool of pools)
      expect(await statsOf(ann, pool.id)).toMatchObject({ wins: 0, losses: 1 });
    await patch(null);
    for (const pool of pools)
      expect(await statsOf(ann, pool.id)).toMatchObject({ wins: 0, losses: 0, pending: 1 });

    // The sheet drops the picked option (the picks go) and sets a result.
    await writeSheet([line({ options: 'Home|Away', result: 'Away' })]);
    for (const pool of pools) {
      expect(await statsOf(ann, pool.id)).toMatchObject({ wins: 0, losses: 1, pending: 0 });
    }
    // The sheet drops the row: the copies stay as the groups' own props, standings unchanged.
    await writeSheet([line({ key: 'std-2', title: 'Other game' })]);
    for (const pool of pools) expect(await statsOf(ann, pool.id)).toMatchObject({ losses: 1 });
  });
});
