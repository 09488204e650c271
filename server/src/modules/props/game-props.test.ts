import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GAME_NOT_FOUND, TEAM_REQUIRED } from '@shared/contract/game-props';
import type { Prop } from '@shared/contract/props';
import type { GameStatus } from '@shared/domain/game-grading';
import { games, groupEvents, props } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { expectRefusal, propRow } from './props-test-kit';
import { LINKED_LINE_FROZEN, LINKED_OPTIONS_KEPT } from './props.service';

/** POST /api/groups/:id/game-props: props linked to the feed's games, and their frozen line. */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' }); // first account: admin
const leader = await registerUser(app, { displayName: 'Lee Leader' });
const member = await registerUser(app, { displayName: 'Mo Member' });
const outsider = await registerUser(app, { displayName: 'Out Sider' });

let eventCounter = 0;
async function seedGame(
  fields: {
    status?: GameStatus;
    startsAt?: Date;
    homeSpread?: number | null;
    total?: number | null;
  } = {},
) {
  eventCounter += 1;
  const startsAt = fields.startsAt ?? hoursFromNow(26);
  const [game] = await db
    .insert(games)
    .values({
      sport: 'NFL',
      feedEventId: `game-props-${eventCounter}`,
      awayAbbreviation: 'BUF',
      awayName: 'Buffalo Bills',
      homeAbbreviation: 'KC',
      homeName: 'Kansas City Chiefs',
      startsAt,
      scheduledAt: startsAt,
      status: fields.status ?? 'scheduled',
      homeSpread: fields.homeSpread === undefined ? -2.5 : fields.homeSpread,
      total: fields.total === undefined ? 46.5 : fields.total,
      fetchedAt: new Date(),
    })
    .returning();
  if (!game) throw new Error('no game');
  return game;
}

const addGameProps = (user: TestUser, groupId: number, list: object[]) =>
  user.request({
    method: 'POST',
    url: `/api/groups/${groupId}/game-props`,
    payload: { props: list },
  });

const freshGroup = (allowMemberProps = false) =>
  seedGroup(db, { leaderId: leader.id, memberIds: [member.id], allowMemberProps });

describe('POST /api/groups/:id/game-props', () => {
  it("creates a prop per game and market, with the feed's line unless one is given", async () => {
    const game = await seedGame();
    const group = await freshGroup();
    const response = await addGameProps(leader, group.id, [
      { gameId: game.id, market: 'winner' },
      { gameId: game.id, market: 'spread' },
      { gameId: game.id, market: 'total', line: 47 },
      { gameId: game.id, market: 'team_total', team: 'home', line: 24.5 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Prop[]>();
    const labels = (prop: Prop | undefined) => prop?.options.map((o) => [o.value, o.label]);
    expect(created.map((prop) => prop.title)).toEqual(
      Array(4).fill('Buffalo Bills at Kansas City Chiefs'),
    );
    expect(created.map(labels)).toEqual([
      [
        ['away', 'Buffalo Bills'],
        ['home', 'Kansas City Chiefs'],
      ],
      [
        ['away', 'Buffalo Bills +2.5'],
        ['home', 'Kansas City Chiefs -2.5'],
      ],
      [
        ['over', 'Over 47'],
        ['under', 'Under 47'],
      ],
      [
        ['over', 'Over 24.5'],
        ['under', 'Under 24.5'],
      ],
    ]);
    for (const prop of created) {
      expect(prop).toMatchObject({
        groupId: group.id,
        sport: 'NFL',
        gameDate: game.startsAt.toISOString(),
        result: null,
        canSetResult: true,
      });
      expect(prop.description).toMatch(/void/);
    }
    const rows = await db.select().from(props).where(eq(props.groupId, group.id));
    expect(rows.map((row) => [row.gameId, row.market, row.line, row.team]).sort()).toEqual(
      [
        [game.id, 'spread', -2.5, null],
        [game.id, 'team_total', 24.5, 'home'],
        [game.id, 'total', 47, null],
        [game.id, 'winner', null, null],
      ].sort(),
    );
    const feed = await member.request({ method: 'GET', url: `/api/activity-events/${group.id}` });
    expect(feed.json()).toHaveLength(4);
  });

  it('refuses a line the feed does not have, a team total without a team, and bad games', async () => {
    const noOdds = await seedGame({ homeSpread: null, total: null });
    const started = await seedGame({ status: 'in_progress', startsAt: hoursFromNow(-1) });
    const group = await freshGroup();
    const refused = await expectRefusal(
      db,
      () => addGameProps(leader, group.id, [{ gameId: noOdds.id, market: 'spread' }]),
      400,
      'The feed has no line for the spread of Buffalo Bills at Kansas City Chiefs: give one',
    );
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['props.0.line']);
    const noTeam = await expectRefusal(
      db,
      () => addGameProps(leader, group.id, [{ gameId: noOdds.id, market: 'team_total', line: 20 }]),
      400,
      /team/,
    );
    expect(noTeam.json().fieldErrors['props.0.team']).toEqual([TEAM_REQUIRED]);
    await expectRefusal(
      db,
      () => addGameProps(leader, group.id, [{ gameId: 999_999, market: 'winner' }]),
      404,
      GAME_NOT_FOUND,
    );
    await expectRefusal(
      db,
      () => addGameProps(leader, group.id, [{ gameId: started.id, market: 'winner' }]),
      409,
      'Buffalo Bills at Kansas City Chiefs has already started or is no longer scheduled',
    );
    await expectRefusal(
      db,
      () => addGameProps(leader, group.id, [{ gameId: noOdds.id, market: 'total', line: 46.3 }]),
      400,
      /halves/,
    );
    await expectRefusal(db, () => addGameProps(leader, group.id, []), 400, /at least one/);
    // A game and market the group already has.
    expect(
      (await addGameProps(leader, group.id, [{ gameId: noOdds.id, market: 'winner' }])).statusCode,
    ).toBe(201);
    await expectRefusal(
      db,
      () => addGameProps(leader, group.id, [{ gameId: noOdds.id, market: 'winner' }]),
      409,
      'This group already has the winner of Buffalo Bills at Kansas City Chiefs',
    );
  });

  it('lets members add game props only where the group allows member props', async () => {
    const game = await seedGame();
    const closed = await freshGroup(false);
    await expectRefusal(
      db,
      () => addGameProps(member, closed.id, [{ gameId: game.id, market: 'winner' }]),
      403,
      'Only the group leader can create props in this group',
    );
    await expectRefusal(
      db,
      () => addGameProps(outsider, closed.id, [{ gameId: game.id, market: 'winner' }]),
      404,
      'Group not found',
    );
    const signedOut = await app.inject({
      method: 'POST',
      url: `/api/groups/${closed.id}/game-props`,
      payload: { props: [{ gameId: game.id, market: 'winner' }] },
    });
    expect(signedOut.statusCode).toBe(401);
    const open = await freshGroup(true);
    const added = await addGameProps(member, open.id, [{ gameId: game.id, market: 'winner' }]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()[0]).toMatchObject({ createdBy: member.id, canSetResult: false });
  });
});

describe("a linked prop's game", () => {
  it('is on the card, and its news reaches the groups that hold it as a live event', async () => {
    const game = await seedGame();
    const group = await freshGroup();
    const other = await freshGroup();
    await addGameProps(leader, group.id, [{ gameId: game.id, market: 'total' }]);
    const list = await member.request({ method: 'GET', url: `/api/predictions/group/${group.id}` });
    expect(list.json<Prop[]>()[0]?.game).toEqual({
      id: game.id,
      status: 'scheduled',
      startsAt: game.startsAt.toISOString(),
      period: null,
      clock: null,
      detail: null,
      home: { abbreviation: 'KC', name: 'Kansas City Chiefs', score: null },
      away: { abbreviation: 'BUF', name: 'Buffalo Bills', score: null },
      market: 'total',
      line: 46.5,
      team: null,
      overridden: false,
    });

    await db
      .update(games)
      .set({ status: 'in_progress', homeScore: 17, awayScore: 14, period: 3, clock: '4:12' })
      .where(eq(games.id, game.id));
    // A poll that changes nothing the card shows sends nothing.
    await db.update(games).set({ fetchedAt: new Date() }).where(eq(games.id, game.id));
    const events = await db.select().from(groupEvents).where(eq(groupEvents.type, 'game'));
    expect(events.map((event) => [event.groupId, event.payload])).toEqual([
      [
        group.id,
        {
          gameId: game.id,
          status: 'in_progress',
          startsAt: game.startsAt.toISOString(),
          period: 3,
          clock: '4:12',
          detail: null,
          homeScore: 17,
          awayScore: 14,
        },
      ],
    ]);
    expect(events.some((event) => event.groupId === other.id)).toBe(false);
    const again = await member.request({
      method: 'GET',
      url: `/api/predictions/group/${group.id}`,
    });
    expect(again.json<Prop[]>()[0]?.game).toMatchObject({
      status: 'in_progress',
      home: { score: 17 },
      away: { score: 14 },
    });
  });
});

describe('a linked prop once picked', () => {
  it('keeps its options always, and its line once anyone has picked it', async () => {
    const game = await seedGame();
    const group = await freshGroup();
    const [spread] = (
      await addGameProps(leader, group.id, [{ gameId: game.id, market: 'spread' }])
    ).json<Prop[]>();
    if (!spread) throw new Error('no prop');
    const edit = (fields: { description?: string; options?: object[] }) =>
      leader.request({
        method: 'PUT',
        url: `/api/predictions/${spread.id}`,
        payload: {
          sport: 'NFL',
          title: spread.title,
          description: fields.description ?? spread.description,
          options: fields.options ?? spread.options,
          gameDate: spread.gameDate,
        },
      });
    await expectRefusal(
      db,
      () =>
        edit({
          options: [
            { value: 'Bills', label: 'Bills' },
            { value: 'Chiefs', label: 'Chiefs' },
          ],
        }),
      409,
      LINKED_OPTIONS_KEPT,
    );
    // Before anyone picks, the words may change.
    const reworded = await edit({ description: 'Chiefs give 2.5 points. On the line is void.' });
    expect(reworded.statusCode, reworded.body).toBe(200);

    const prop = await propRow(db, spread.id);
    if (!prop) throw new Error('no prop');
    await seedPick(db, { userId: member.id, prop, selectedOption: 'home' });
    await expectRefusal(
      db,
      () => edit({ description: 'Chiefs give 3.5 points. On the line is void.' }),
      409,
      LINKED_LINE_FROZEN,
    );
  });
});
