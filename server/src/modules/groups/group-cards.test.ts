import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupCardStatsOf } from '@shared/domain/group-stats';
import { groupMembers, groups } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { statementsDuring } from '../../test/statement-counter';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' }); // id 1, the admin

const cardsOf = async (user: TestUser) => {
  const response = await user.request({ method: 'GET', url: `/api/users/${user.id}/groups` });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>[]>();
};

/**
 * Four members, one viewer. Props: decided (two results), void, started without a result,
 * upcoming, undated. Picks chosen so the viewer ties with one member.
 */
async function scenario() {
  const [viewer, ann, bob, cat] = await Promise.all(
    ['Viewer', 'Ann', 'Bob', 'Cat'].map((displayName) => registerUser(app, { displayName })),
  );
  if (!viewer || !ann || !bob || !cat) throw new Error('users not created');
  const group = await seedGroup(db, { leaderId: ann.id, memberIds: [viewer.id, bob.id, cat.id] });
  const p1 = await seedProp(db, { groupId: group.id, result: 'A', gameDate: hoursFromNow(-48) });
  const p2 = await seedProp(db, { groupId: group.id, result: 'B', gameDate: hoursFromNow(-48) });
  const p3 = await seedProp(db, { groupId: group.id, result: 'N/A', gameDate: hoursFromNow(-48) });
  const p4 = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
  const p5 = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(24) });
  const p6 = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(24) });
  const p7 = await seedProp(db, { groupId: group.id, gameDate: null });
  const picks: [TestUser, typeof p1, string][] = [
    [viewer, p1, 'A'], // win
    [viewer, p2, 'A'], // loss
    [viewer, p3, 'A'], // void
    [viewer, p4, 'A'], // pending (started)
    [viewer, p5, 'B'], // pending
    // p6, p7: still to pick; p4 could no longer be picked
    [ann, p1, 'A'],
    [ann, p2, 'B'], // two wins: first
    [bob, p2, 'B'], // one win, missed p1: ties with the viewer
    [cat, p1, 'C'], // no wins: last
  ];
  for (const [user, prop, selectedOption] of picks) {
    await seedPick(db, { userId: user.id, prop, selectedOption });
  }
  return {
    viewer,
    ann,
    group,
    props: [p1, p2, p3, p4, p5, p6, p7],
    picks: picks.map(([user, prop, selectedOption]) => ({
      userId: user.id,
      propId: prop.id,
      selectedOption,
    })),
    memberIds: [ann.id, viewer.id, bob.id, cat.id],
  };
}

describe('GET /api/users/:id/groups cards', () => {
  it('carries the derived stats the pure rules give for the same data', async () => {
    const { viewer, group, props, picks, memberIds } = await scenario();
    const card = (await cardsOf(viewer)).find((entry) => entry.id === group.id);
    const expected = groupCardStatsOf({
      group,
      props,
      picks,
      memberIds,
      viewerId: viewer.id,
      now: new Date(),
    });
    expect(expected).toEqual({
      totalPicks: 4,
      completedPicks: 2,
      remainingPicks: 2,
      correctPicks: 1,
      incorrectPicks: 1,
      undecidedPicks: 2,
      percentage: 25,
      memberCount: 4,
      totalMembers: 4,
      leaderboardPosition: 2,
      propsWithResults: 2,
      totalValidProps: 6,
    });
    expect(card).toMatchObject({
      ...expected,
      name: group.name,
      isJoined: true,
      isLeader: false,
      isOfficial: false,
      isPaid: false,
      trackPaymentStatus: false,
      isLocked: false,
      lockType: 'game',
      lockValue: null,
    });
  });

  it('ranks every member with the same rule as the leaderboard (ties share, members without picks included)', async () => {
    const { ann, group, props, picks, memberIds } = await scenario();
    const annCard = (await cardsOf(ann)).find((entry) => entry.id === group.id);
    expect(annCard).toMatchObject({
      isLeader: true,
      leaderboardPosition: groupCardStatsOf({
        group,
        props,
        picks,
        memberIds,
        viewerId: ann.id,
        now: new Date(),
      }).leaderboardPosition,
    });
    expect(annCard?.leaderboardPosition).toBe(1);
    // A member who has not picked anything has lost every decided prop and ranks with the others.
    const newcomer = await registerUser(app);
    await db.insert(groupMembers).values({ groupId: group.id, userId: newcomer.id });
    const newcomerCard = (await cardsOf(newcomer)).find((entry) => entry.id === group.id);
    expect(newcomerCard).toMatchObject({
      correctPicks: 0,
      incorrectPicks: 2,
      totalPicks: 0,
      remainingPicks: 3,
      percentage: 0,
      leaderboardPosition: 4,
      totalMembers: 5,
    });
  });

  it('shows the effective lock and no remaining picks once a time lock has passed', async () => {
    const { viewer, group } = await scenario();
    await db
      .update(groups)
      .set({ lockType: 'time', lockValue: hoursFromNow(-1), isLocked: false })
      .where(eq(groups.id, group.id));
    const card = (await cardsOf(viewer)).find((entry) => entry.id === group.id);
    expect(card).toMatchObject({
      isLocked: true,
      lockType: 'time',
      remainingPicks: 0,
      undecidedPicks: 2,
    });
  });

  it('lists joined groups and unjoined official events newest first, with the viewer flags', async () => {
    const viewer = await registerUser(app);
    const other = await registerUser(app);
    const older = await seedGroup(db, {
      leaderId: viewer.id,
      name: 'Older',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      trackPaymentStatus: true,
    });
    const newer = await seedGroup(db, {
      leaderId: other.id,
      memberIds: [viewer.id],
      name: 'Newer',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
    await db.update(groupMembers).set({ isPaid: true }).where(eq(groupMembers.groupId, older.id));
    const event = await seedGroup(db, {
      leaderId: other.id,
      name: 'Event',
      isOfficial: true,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    const notMine = await seedGroup(db, { leaderId: other.id, name: 'Not mine' });

    const cards = await cardsOf(viewer);
    const ids = cards.map((card) => card.id);
    expect(ids).not.toContain(notMine.id);
    const relevant = cards.filter((card) =>
      [older.id, newer.id, event.id].includes(card.id as number),
    );
    expect(relevant.map((card) => card.name)).toEqual(['Newer', 'Event', 'Older']);
    expect(relevant).toEqual([
      expect.objectContaining({
        isJoined: true,
        isLeader: false,
        isPaid: false,
        leaderboardPosition: 1,
      }),
      expect.objectContaining({
        isJoined: false,
        isLeader: false,
        isOfficial: true,
        leaderboardPosition: null,
        totalPicks: 0,
        memberCount: 1,
      }),
      expect.objectContaining({
        isJoined: true,
        isLeader: true,
        isPaid: true,
        trackPaymentStatus: true,
      }),
    ]);
    // Sorted newest first across the whole list.
    const times = cards.map((card) => Date.parse(card.createdAt as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 304 while nothing they show changed, and the new cards once it has', async () => {
    const { viewer, group, props } = await scenario();
    const url = `/api/users/${viewer.id}/groups`;
    const read = (etag?: string) =>
      viewer.request({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
    const remainingIn = (cards: Record<string, unknown>[]) =>
      cards.find((card) => card.id === group.id)?.remainingPicks;

    const first = await read();
    const tag = String(first.headers.etag);
    expect(remainingIn(first.json())).toBe(2);
    expect((await read(tag)).statusCode).toBe(304);

    // A pick in one of the viewer's groups.
    const picked = await viewer.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: props[5]?.id, selectedOption: 'A' },
    });
    expect(picked.statusCode).toBe(201);
    const afterPick = await read(tag);
    expect(afterPick.statusCode).toBe(200);
    expect(remainingIn(afterPick.json())).toBe(1);

    // An official event the viewer has not joined appears on its own.
    const event = await seedGroup(db, { leaderId: viewer.id, name: 'New event', isOfficial: true });
    const withEvent = await read(String(afterPick.headers.etag));
    expect(withEvent.statusCode).toBe(200);
    expect(withEvent.json<{ id: number }[]>().map((card) => card.id)).toContain(event.id);
  });

  it('runs the same number of queries for one group as for many', async () => {
    const countQueries = async (user: TestUser) => {
      return (await statementsDuring(() => cardsOf(user))).length;
    };
    const few = await registerUser(app);
    await seedGroup(db, { leaderId: few.id });
    const many = await registerUser(app);
    const helpers = await Promise.all([1, 2, 3].map(() => registerUser(app)));
    for (let i = 0; i < 6; i += 1) {
      const group = await seedGroup(db, { leaderId: many.id, memberIds: helpers.map((h) => h.id) });
      for (let j = 0; j < 4; j += 1) {
        const prop = await seedProp(db, {
          groupId: group.id,
          result: j % 2 ? 'A' : null,
          gameDate: hoursFromNow(j - 2),
        });
        for (const helper of helpers)
          await seedPick(db, { userId: helper.id, prop, selectedOption: 'A' });
      }
    }
    const fewQueries = await countQueries(few);
    // The session lookup with the stamp of what the cards depend on, the one card query
    // (stored standings: decision 0013), then the seasons and members of the boards their
    // places come from (decision 0112).
    expect(fewQueries).toBe(4);
    expect(await countQueries(many)).toBe(fewQueries);
  });
});
