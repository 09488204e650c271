import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups, props } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

/**
 * The reveal: before a prop locks no answer shows another member's pick (every route
 * that returns picks, asked by another member); once it locks, the split and who picked
 * what; who has picked (names, never choices); the leader's list of members still to
 * pick; contrarian winners named in the activity.
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app); // the operator
const leader = await registerUser(app, { displayName: 'Lea' });
const max = await registerUser(app, { displayName: 'Max' });
const ora = await registerUser(app, { displayName: 'Ora' });
const pat = await registerUser(app, { displayName: 'Pat' });
const quinn = await registerUser(app, { displayName: 'Quinn' });

const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });

async function world() {
  const group = await seedGroup(db, {
    leaderId: leader.id,
    memberIds: [max.id, ora.id, pat.id, quinn.id],
  });
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
  return { group, prop };
}

/**
 * Every route that can answer with picks or anything derived from them, as `viewer`.
 * The live stream's events are checked in modules/live/live.test.ts.
 */
async function everyPickRoute(viewer: TestUser, groupId: number, propId: number, ownerId: number) {
  return {
    props: await get(viewer, `/api/predictions/group/${groupId}`),
    ownerPicks: await get(viewer, `/api/user-predictions/${ownerId}?groupId=${groupId}`),
    ownPicks: await get(viewer, `/api/user-predictions/${viewer.id}?groupId=${groupId}`),
    picks: await get(viewer, `/api/predictions/${propId}/picks`),
    pickers: await get(viewer, `/api/predictions/${propId}/pickers`),
    leaderboard: await get(viewer, `/api/leaderboard/${groupId}`),
    stats: await get(viewer, `/api/groups/${groupId}/stats`),
    activity: await get(viewer, `/api/activity-events/${groupId}`),
    group: await get(viewer, `/api/groups/${groupId}`),
    members: await get(viewer, `/api/groups/${groupId}/members`),
    cards: await get(viewer, `/api/users/${viewer.id}/groups`),
  };
}

/** An answer without the props' own option lists (which name every option, of course). */
const withoutOptions = (body: string) =>
  body
    ? JSON.stringify(
        JSON.parse(body, (key, value: unknown) => (key === 'options' ? undefined : value)),
      )
    : '';

describe('before the lock', () => {
  it("no route shows another member's pick; each prop says how many have picked", async () => {
    const { group, prop } = await world();
    // A distinctive option value, so any leak of it is visible in any answer.
    const options = [
      { value: 'Overflow', label: 'Over', odds: '' },
      { value: 'Undertow', label: 'Under', odds: '' },
    ];
    await db.update(props).set({ options }).where(eq(props.id, prop.id));
    await max.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: prop.id, selectedOption: 'Undertow' },
    });
    for (const viewer of [ora, leader]) {
      const answers = await everyPickRoute(viewer, group.id, prop.id, max.id);
      for (const [route, response] of Object.entries(answers)) {
        expect(withoutOptions(response.body), route).not.toContain('Undertow');
      }
      expect(answers.ownerPicks.statusCode).toBe(403);
      expect(answers.picks.statusCode).toBe(409);
      expect(answers.picks.json()).toEqual({ message: 'Picks stay hidden until the prop locks' });
      const listed = answers.props.json<{ id: number; pickCount: number; pickSplit: unknown }[]>();
      expect(listed.find((entry) => entry.id === prop.id)).toMatchObject({
        pickCount: 1,
        pickSplit: null,
      });
    }
    // The picker sees their own pick, and still not the split.
    const own = await everyPickRoute(max, group.id, prop.id, max.id);
    expect(own.ownPicks.json()).toMatchObject([{ selectedOption: 'Undertow' }]);
    expect(own.picks.statusCode).toBe(409);
  });

  it('says who has picked and who has not, by name, never what', async () => {
    const { group, prop } = await world();
    await seedPick(db, { userId: max.id, prop, selectedOption: 'A' });
    await seedPick(db, { userId: quinn.id, prop, selectedOption: 'B' });
    const response = await get(ora, `/api/predictions/${prop.id}/pickers`);
    expect(response.json()).toEqual({
      picked: [
        { userId: max.id, displayName: 'Max' },
        { userId: quinn.id, displayName: 'Quinn' },
      ],
      notPicked: [
        { userId: leader.id, displayName: 'Lea' },
        { userId: ora.id, displayName: 'Ora' },
        { userId: pat.id, displayName: 'Pat' },
      ],
    });
    expect((await get(ora, `/api/predictions/group/${group.id}`)).json()).toMatchObject([
      { id: prop.id, pickCount: 2, pickSplit: null },
    ]);
  });

  it('lists for the leader the members with open props unpicked, soonest lock first', async () => {
    const { group, prop: soon } = await world();
    const later = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(30) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) }); // locked: not counted
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(5), result: 'A' });
    for (const user of [leader, max, ora]) {
      await seedPick(db, { userId: user.id, prop: soon, selectedOption: 'A' });
    }
    await seedPick(db, { userId: pat.id, prop: later, selectedOption: 'A' });
    await seedPick(db, { userId: leader.id, prop: later, selectedOption: 'A' });
    const response = await get(leader, `/api/groups/${group.id}/unpicked`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        userId: quinn.id,
        displayName: 'Quinn',
        unpicked: 2,
        nextLockAt: soon.gameDate?.toISOString(),
      },
      { userId: pat.id, displayName: 'Pat', unpicked: 1, nextLockAt: soon.gameDate?.toISOString() },
      {
        userId: max.id,
        displayName: 'Max',
        unpicked: 1,
        nextLockAt: later.gameDate?.toISOString(),
      },
      {
        userId: ora.id,
        displayName: 'Ora',
        unpicked: 1,
        nextLockAt: later.gameDate?.toISOString(),
      },
    ]);
    expect((await get(max, `/api/groups/${group.id}/unpicked`)).statusCode).toBe(403);
    // A leader's lock closes every prop: nobody is waited for.
    await db
      .update(groups)
      .set({ lockType: 'leader', isLocked: true })
      .where(eq(groups.id, group.id));
    expect((await get(leader, `/api/groups/${group.id}/unpicked`)).json()).toEqual([]);
  });
});

describe('after the lock', () => {
  it('shows the split on the prop and who picked what to every member', async () => {
    const { group, prop } = await world();
    await seedPick(db, { userId: max.id, prop, selectedOption: 'A' });
    await seedPick(db, { userId: ora.id, prop, selectedOption: 'B' });
    await seedPick(db, { userId: pat.id, prop, selectedOption: 'A' });
    await db
      .update(groups)
      .set({ lockType: 'leader', isLocked: true })
      .where(eq(groups.id, group.id));
    for (const viewer of [quinn, leader, max]) {
      const listed = (await get(viewer, `/api/predictions/group/${group.id}`)).json<
        { id: number; pickCount: number; pickSplit: unknown }[]
      >();
      expect(listed.find((entry) => entry.id === prop.id)).toMatchObject({
        pickCount: 3,
        pickSplit: { A: 2, B: 1 },
      });
      const picks = await get(viewer, `/api/predictions/${prop.id}/picks`);
      expect(picks.statusCode).toBe(200);
      expect(picks.json()).toEqual([
        { userId: max.id, displayName: 'Max', selectedOption: 'A', confidence: 1, isLock: false },
        { userId: pat.id, displayName: 'Pat', selectedOption: 'A', confidence: 1, isLock: false },
        { userId: ora.id, displayName: 'Ora', selectedOption: 'B', confidence: 1, isLock: false },
      ]);
    }
  });

  it('names the members who got a contrarian pick right in the result activity', async () => {
    const { group, prop } = await world();
    for (const user of [leader, max, ora]) {
      await seedPick(db, { userId: user.id, prop, selectedOption: 'A' });
    }
    await seedPick(db, { userId: quinn.id, prop, selectedOption: 'B' });
    const set = await leader.request({
      method: 'PUT',
      url: `/api/predictions/${prop.id}`,
      payload: { result: 'B' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ pickCount: 4, pickSplit: { A: 3, B: 1 } });
    const activity = (await get(max, `/api/activity-events/${group.id}?limit=1`)).json<
      { eventType: string; eventData: { contrarianWinners?: string[] } }[]
    >();
    expect(activity[0]).toMatchObject({
      eventType: 'result_set',
      eventData: { contrarianWinners: ['Quinn'] },
    });
    // The crowd's pick winning names nobody.
    await leader.request({
      method: 'PUT',
      url: `/api/predictions/${prop.id}`,
      payload: { result: 'A' },
    });
    const changed = (await get(max, `/api/activity-events/${group.id}?limit=1`)).json<
      { eventData: { contrarianWinners?: string[] } }[]
    >();
    expect(changed[0]?.eventData.contrarianWinners).toBeUndefined();
  });
});

describe('a prop whose picks were seen never opens again (decision 0087)', () => {
  const put = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    user.request({ method: 'PUT', url, payload });

  it('refuses an unlock that would open a locked prop holding picks, and allows one without', async () => {
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [max.id, ora.id],
      lockType: 'leader',
    });
    const picked = await seedProp(db, { groupId: group.id, title: 'Coin toss' });
    const empty = await seedProp(db, { groupId: group.id, title: 'First score' });
    await seedPick(db, { userId: max.id, prop: picked, selectedOption: 'A' });
    const url = `/api/groups/${group.id}`;
    expect((await put(leader, url, { isLocked: true })).statusCode).toBe(200);
    // Locked: everyone sees who picked what.
    expect((await get(ora, `/api/predictions/${picked.id}/picks`)).statusCode).toBe(200);

    const refused = await put(leader, url, { isLocked: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Everyone has seen the picks on 1 locked prop ("Coin toss"), so they cannot open again. ' +
        'To take new picks on one, void it (N/A) and create it again.',
    );
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row?.isLocked).toBe(true);
    // Picks still refused on it.
    const late = await ora.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: picked.id, selectedOption: 'B' },
    });
    expect(late.statusCode).toBe(409);

    // Voided, it no longer holds the lock back; the prop nobody picked opens again.
    const voided = await put(leader, `/api/predictions/${picked.id}`, { result: 'N/A' });
    expect(voided.statusCode).toBe(200);
    expect((await put(leader, url, { isLocked: false })).statusCode).toBe(200);
    const fresh = await ora.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: empty.id, selectedOption: 'B' },
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('refuses removing a result that would open seen picks; allows it when the prop stays locked', async () => {
    const { group, prop } = await world();
    await seedPick(db, { userId: max.id, prop, selectedOption: 'A' });
    const url = `/api/predictions/${prop.id}`;
    expect((await put(leader, url, { result: 'A' })).statusCode).toBe(200);
    const refused = await put(leader, url, { result: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Everyone has seen the picks on this prop, so it cannot open again. Set the right ' +
        'result, or void it (N/A) and create it again to take new picks.',
    );
    const [kept] = await db.select().from(props).where(eq(props.id, prop.id));
    expect(kept?.result).toBe('A');

    // Once the game has started the prop stays locked without its result: removing is fine.
    await db
      .update(props)
      .set({ gameDate: hoursFromNow(-1) })
      .where(eq(props.id, prop.id));
    expect((await put(leader, url, { result: null })).statusCode).toBe(200);
    // A prop nobody picked reveals nothing: its result comes off and it opens again.
    const unpicked = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(3) });
    const unpickedUrl = `/api/predictions/${unpicked.id}`;
    expect((await put(leader, unpickedUrl, { result: 'B' })).statusCode).toBe(200);
    expect((await put(leader, unpickedUrl, { result: null })).statusCode).toBe(200);
  });
});
