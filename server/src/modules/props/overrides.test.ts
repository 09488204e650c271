import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/contract/audit';
import { NOT_LINKED, REASON_REQUIRED, REASON_TOO_LONG } from '@shared/contract/result-override';
import type { GameStatus } from '@shared/domain/game-grading';
import { games, groupEvents, masterProps, props } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { eventsOf, expectRefusal, propRow, seedPropWith } from './props-test-kit';

/**
 * A person's result on a prop linked to a game overrides the feed's, with a reason, until
 * they return it to automatic: the leader on group props, the operator on master props
 * and every group's copy.
 */
const { app, database } = await createTestApp();
const db = database.db;
const operator = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const leader = await registerUser(app, { displayName: 'Lee Leader' });
const member = await registerUser(app, { displayName: 'Mo Member' });
const outsider = await registerUser(app, { displayName: 'Out Sider' });

let eventCounter = 0;

/** A game as the feed stored it: Bills (away) at Chiefs (home). */
async function seedGame(status: GameStatus, score: { away: number; home: number } | null) {
  eventCounter += 1;
  const [game] = await db
    .insert(games)
    .values({
      sport: 'NFL',
      feedEventId: `override-${eventCounter}`,
      awayAbbreviation: 'BUF',
      awayName: 'Buffalo Bills',
      homeAbbreviation: 'KC',
      homeName: 'Kansas City Chiefs',
      startsAt: hoursFromNow(-3),
      scheduledAt: hoursFromNow(-3),
      status,
      awayScore: score?.away ?? null,
      homeScore: score?.home ?? null,
      fetchedAt: new Date(),
    })
    .returning();
  if (!game) throw new Error('no game');
  return game;
}

const SPREAD_OPTIONS = [
  { value: 'away', label: 'Bills +2.5', odds: '' },
  { value: 'home', label: 'Chiefs -2.5', odds: '' },
];

/** A group with a spread prop on a game (Chiefs -2.5), its result the feed's when given. */
async function linkedProp(game: { id: number }, result: string | null = null) {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  const prop = await seedPropWith(db, {
    groupId: group.id,
    title: 'Bills at Chiefs',
    result,
    gameDate: hoursFromNow(-3),
    options: SPREAD_OPTIONS,
    gameId: game.id,
    market: 'spread',
    line: -2.5,
  });
  return { group, prop };
}

const putResult = (user: TestUser, propId: number, payload: object) =>
  user.request({ method: 'PUT', url: `/api/predictions/${propId}`, payload });
const automatic = (user: TestUser, propId: number) =>
  user.request({ method: 'POST', url: `/api/predictions/${propId}/automatic` });

const propEditedCount = async (groupId: number) =>
  (
    await db
      .select()
      .from(groupEvents)
      .where(and(eq(groupEvents.groupId, groupId), eq(groupEvents.type, 'prop_edited')))
  ).length;

async function auditOf(groupId: number) {
  const response = await leader.request({ method: 'GET', url: `/api/groups/${groupId}/audit` });
  return response.json<AuditEntry[]>();
}

describe("the leader's override on a linked prop", () => {
  it('needs a reason of at most 200 characters, and only the leader may give one', async () => {
    const game = await seedGame('final', { away: 20, home: 24 });
    const { prop } = await linkedProp(game, 'home');
    const refused = await expectRefusal(
      db,
      () => putResult(leader, prop.id, { result: 'away' }),
      400,
      REASON_REQUIRED,
    );
    expect(refused.json().fieldErrors).toEqual({ reason: [REASON_REQUIRED] });
    await expectRefusal(
      db,
      () => putResult(leader, prop.id, { result: 'away', reason: '  ' }),
      400,
      REASON_REQUIRED,
    );
    await expectRefusal(
      db,
      () => putResult(leader, prop.id, { result: 'away', reason: 'x'.repeat(201) }),
      400,
      REASON_TOO_LONG,
    );
    await expectRefusal(
      db,
      () => putResult(member, prop.id, { result: 'away', reason: 'Mine' }),
      403,
      'Only the group leader can set or remove results',
    );
    await expectRefusal(
      db,
      () => putResult(outsider, prop.id, { result: 'away', reason: 'Mine' }),
      404,
      'Prop not found',
    );
    await expectRefusal(db, () => automatic(member, prop.id), 403, /leader/);
  });

  it('overrides the feed with the reason in the activity and the audit, then returns to it', async () => {
    const game = await seedGame('final', { away: 20, home: 24 });
    const { group, prop } = await linkedProp(game, 'home');
    await seedPick(db, { userId: member.id, prop, selectedOption: 'home' });

    const overridden = await putResult(leader, prop.id, {
      result: 'away',
      reason: 'The league corrected the score after review',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({ id: prop.id, result: 'away' });
    expect(await propRow(db, prop.id)).toMatchObject({ result: 'away', resultOverridden: true });
    const [line] = (await eventsOf(db, group.id)).slice(-1);
    expect(line).toMatchObject({
      actorId: leader.id,
      eventType: 'result_set',
      eventData: {
        mode: 'override',
        reason: 'The league corrected the score after review',
        result: 'away',
        resultLabel: 'Bills +2.5',
        previousResultLabel: 'Chiefs -2.5',
      },
    });
    const feed = await member.request({ method: 'GET', url: `/api/activity-events/${group.id}` });
    expect(feed.json()[0]).toMatchObject({
      actorName: 'Lee Leader',
      eventData: { mode: 'override', reason: 'The league corrected the score after review' },
    });

    // 24 – 20 with Chiefs -2.5: (24 − 20) − 2.5 > 0, the home team covers.
    const restored = await automatic(leader, prop.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: prop.id, result: 'home' });
    expect(await propRow(db, prop.id)).toMatchObject({ result: 'home', resultOverridden: false });

    expect(
      (await auditOf(group.id)).map((entry) => [
        entry.kind,
        entry.actor,
        entry.from?.value,
        entry.to?.value,
        entry.reason,
      ]),
    ).toEqual([
      ['automatic', { type: 'user', name: 'Lee Leader' }, 'away', 'home', null],
      [
        'overridden',
        { type: 'user', name: 'Lee Leader' },
        'home',
        'away',
        'The league corrected the score after review',
      ],
    ]);
  });

  it("pins the feed's own result, and a return while the game is on clears the result", async () => {
    const game = await seedGame('in_progress', { away: 7, home: 3 });
    const { group, prop } = await linkedProp(game);
    const pinned = await putResult(leader, prop.id, { result: 'N/A', reason: 'Game abandoned' });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(await propRow(db, prop.id)).toMatchObject({ result: 'N/A', resultOverridden: true });

    const restored = await automatic(leader, prop.id);
    expect(restored.json()).toMatchObject({ result: null });
    expect(await propRow(db, prop.id)).toMatchObject({ result: null, resultOverridden: false });

    // Setting again the result it has marks it overridden: an entry, but no activity line.
    await db.update(props).set({ result: 'home' }).where(eq(props.id, prop.id));
    const lines = (await eventsOf(db, group.id)).length;
    const editedBefore = await propEditedCount(group.id);
    expect((await putResult(leader, prop.id, { result: 'home', reason: 'Keep' })).statusCode).toBe(
      200,
    );
    expect(await propRow(db, prop.id)).toMatchObject({ result: 'home', resultOverridden: true });
    expect(await eventsOf(db, group.id)).toHaveLength(lines);
    // The card's "set by hand" changed: open pages hear of it.
    expect(await propEditedCount(group.id)).toBe(editedBefore + 1);
    expect((await auditOf(group.id))[0]).toMatchObject({
      kind: 'overridden',
      from: { value: 'home' },
      to: { value: 'home' },
      reason: 'Keep',
    });
  });

  it('leaves props without a game as they were: no reason needed, nothing to return to', async () => {
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
    const prop = await seedPropWith(db, { groupId: group.id });
    expect((await putResult(leader, prop.id, { result: 'A' })).statusCode).toBe(200);
    expect(await propRow(db, prop.id)).toMatchObject({ result: 'A', resultOverridden: false });
    await expectRefusal(db, () => automatic(leader, prop.id), 409, NOT_LINKED);
  });
});

describe("the operator's override on a linked master prop", () => {
  it('reaches every copy with the reason, and returns them all to the feed', async () => {
    const game = await seedGame('final', { away: 30, home: 10 });
    const [master] = await db
      .insert(masterProps)
      .values({
        sport: 'NFL',
        title: 'Bills at Chiefs',
        description: 'Who wins?',
        options: [
          { value: 'away', label: 'Bills', odds: '' },
          { value: 'home', label: 'Chiefs', odds: '' },
        ],
        gameDate: hoursFromNow(2),
        result: 'away',
        gameId: game.id,
        market: 'winner',
      })
      .returning();
    if (!master) throw new Error('no master prop');
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
    const imported = await leader.request({
      method: 'POST',
      url: '/api/import-props',
      payload: {
        groupId: group.id,
        sport: 'NFL',
        dateFrom: hoursFromNow(0).toISOString(),
        dateTo: hoursFromNow(24).toISOString(),
        importAll: true,
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = await db.select().from(props).where(eq(props.masterPropId, master.id));
    if (!copy) throw new Error('no copy');
    // The import keeps the link: the copy is graded from the same game.
    expect(copy).toMatchObject({ gameId: game.id, market: 'winner', line: null, team: null });

    const url = `/api/admin/master-props/${master.id}`;
    const noReason = await operator.request({ method: 'PATCH', url, payload: { result: 'home' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: [REASON_REQUIRED] });
    const asLeader = await leader.request({
      method: 'POST',
      url: `/api/admin/master-props/${master.id}/automatic`,
    });
    expect(asLeader.statusCode).toBe(403);
    // The leader cannot override an imported copy: its result is the operator's.
    expect((await putResult(leader, copy.id, { result: 'home', reason: 'No' })).statusCode).toBe(
      403,
    );

    const set = await operator.request({
      method: 'PATCH',
      url,
      payload: { result: 'home', reason: 'Forfeit ruled by the league' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ updatedCopies: 1, masterProp: { result: 'home' } });
    expect(await propRow(db, copy.id)).toMatchObject({ result: 'home', resultOverridden: true });
    expect((await auditOf(group.id))[0]).toMatchObject({
      kind: 'overridden',
      actor: { type: 'user', name: 'Operator' },
      masterPropId: master.id,
      reason: 'Forfeit ruled by the league',
    });

    const back = await operator.request({
      method: 'POST',
      url: `/api/admin/master-props/${master.id}/automatic`,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ masterProp: { result: 'away' }, updatedCopies: 1 });
    expect(await propRow(db, copy.id)).toMatchObject({ result: 'away', resultOverridden: false });
    const [row] = await db.select().from(masterProps).where(eq(masterProps.id, master.id));
    expect(row).toMatchObject({ result: 'away', resultOverridden: false });
    expect((await auditOf(group.id))[0]).toMatchObject({
      kind: 'automatic',
      to: { value: 'away' },
    });
  });
});
