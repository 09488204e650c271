import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GAME_NOT_FOUND } from '@shared/contract/games';
import { GAME_REQUIRED, SAME_TEAMS } from '@shared/contract/props';
import type { GameStatus } from '@shared/domain/game-grading';
import { SAMPLE_PROPS, nextGameDateFor } from '@shared/sample-props';
import { games, props } from '../../db/schema';
import { hoursFromNow, seedGroup } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { eventsOf, expectRefusal } from './props-test-kit';

/** Generate Props: the sport's sample props for one game, a feed game or typed teams. */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' }); // the first account is the admin
const leader = await registerUser(app, { displayName: 'Lea' });
const member = await registerUser(app, { displayName: 'Max' });

const freshGroup = (activeSports: string[]) =>
  seedGroup(db, { leaderId: leader.id, memberIds: [member.id], activeSports });

let eventCounter = 0;
async function seedGame(
  fields: { sport?: string; status?: GameStatus; startsAt?: Date; awayName?: string } = {},
) {
  eventCounter += 1;
  const startsAt = fields.startsAt ?? hoursFromNow(30);
  const [game] = await db
    .insert(games)
    .values({
      sport: fields.sport ?? 'NBA',
      feedEventId: `generate-props-${eventCounter}`,
      awayAbbreviation: 'BOS',
      awayName: fields.awayName ?? 'Boston Celtics',
      homeAbbreviation: 'NYK',
      homeName: 'New York Knicks',
      startsAt,
      scheduledAt: startsAt,
      status: fields.status ?? 'scheduled',
      fetchedAt: new Date(),
    })
    .returning();
  if (!game) throw new Error('no game');
  return game;
}

const generate = (user: TestUser, groupId: number, payload?: unknown) =>
  user.request({
    method: 'POST',
    url: `/api/groups/${groupId}/generate-props`,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });

const rowsOf = (groupId: number) => db.select().from(props).where(eq(props.groupId, groupId));

describe('POST /api/groups/:id/generate-props', () => {
  it("names a feed game's teams in every prop, locks at its start, and adds them once", async () => {
    const group = await freshGroup(['NBA', 'NFL']);
    const game = await seedGame();
    const total = SAMPLE_PROPS.NBA.length;
    const response = await generate(leader, group.id, { game: { gameId: game.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: `Added ${total} sample props for Boston Celtics at New York Knicks`,
      count: total,
    });
    const rows = await rowsOf(group.id);
    expect(rows).toHaveLength(total);
    for (const row of rows) {
      expect(row.title).toMatch(/^Boston Celtics at New York Knicks: /);
      expect(row).toMatchObject({ sport: 'NBA', gameDate: game.startsAt, createdBy: leader.id });
      expect(JSON.stringify(row.options)).not.toMatch(/Home team|Away team/);
      expect(row.description).not.toMatch(/home team|away team/i);
    }
    const first = rows.find((row) => row.title.endsWith('first to 20 points'));
    expect(first).toMatchObject({
      title: 'Boston Celtics at New York Knicks: first to 20 points',
      options: [
        expect.objectContaining({ value: 'home', label: 'New York Knicks' }),
        expect.objectContaining({ value: 'away', label: 'Boston Celtics' }),
      ],
    });
    const [event] = await eventsOf(db, group.id);
    expect(event).toMatchObject({
      eventType: 'new',
      eventData: { count: total, type: 'prebuilt' },
    });

    // The same game again adds nothing, whoever clicks at once.
    const again = await Promise.all(
      [1, 2].map(() => generate(leader, group.id, { game: { gameId: game.id } })),
    );
    expect(again.map((answer) => answer.json<unknown>())).toEqual([
      { message: 'Boston Celtics at New York Knicks already has every sample prop', count: 0 },
      { message: 'Boston Celtics at New York Knicks already has every sample prop', count: 0 },
    ]);
    // The same teams on another day is another game.
    const rematch = await seedGame({ startsAt: hoursFromNow(54) });
    const second = await generate(leader, group.id, { game: { gameId: rematch.id } });
    expect(second.json<{ count: number }>().count).toBe(total);
    expect(await rowsOf(group.id)).toHaveLength(2 * total);
  });

  it("names typed teams and locks at the sport's next game slot", async () => {
    const group = await freshGroup(['NFL']);
    const response = await generate(leader, group.id, {
      game: { sport: 'NFL', away: '  Bills ', home: 'Jets' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await rowsOf(group.id);
    expect(rows).toHaveLength(SAMPLE_PROPS.NFL.length);
    const winner = rows.find((row) => row.title === 'Bills at Jets: who wins the game?');
    expect(winner?.options.map((option) => option.label)).toEqual(['Jets', 'Bills']);
    const passing = rows.find((row) => row.title.endsWith('starting quarterback passing yards'));
    expect(passing?.description).toBe(
      "The Jets' starting quarterback's passing yards, sacks not deducted.",
    );
    const slot = nextGameDateFor('NFL', new Date()).getTime();
    for (const row of rows) expect(row.gameDate?.getTime()).toBe(slot);
    const again = await generate(leader, group.id, {
      game: { sport: 'NFL', away: 'Bills', home: 'Jets' },
    });
    expect(again.json<{ count: number }>().count).toBe(0);
  });

  it('refuses a request that names no game with a 400 and adds nothing', async () => {
    const group = await freshGroup(['NFL']);
    for (const payload of [undefined, {}, { sports: ['NFL'] }, { game: null }, { game: {} }]) {
      await expectRefusal(db, () => generate(leader, group.id, payload), 400, GAME_REQUIRED);
    }
    const typed = (game: Record<string, unknown>) => () =>
      generate(leader, group.id, { game: { sport: 'NFL', away: 'Bills', home: 'Jets', ...game } });
    const blank = await expectRefusal(db, typed({ away: '  ' }), 400, /Away team is required/);
    expect(blank.json()).toMatchObject({ fieldErrors: { 'game.away': [expect.any(String)] } });
    await expectRefusal(db, typed({ home: 'bills' }), 400, new RegExp(SAME_TEAMS));
    await expectRefusal(db, typed({ home: 'x'.repeat(31) }), 400, /at most 30 characters/);
    expect(await rowsOf(group.id)).toHaveLength(0);
  });

  it("refuses a game that is unknown, started, of another sport, or a member's request", async () => {
    const group = await freshGroup(['NFL']);
    await expectRefusal(
      db,
      () => generate(leader, group.id, { game: { gameId: 999_999 } }),
      404,
      GAME_NOT_FOUND,
    );
    const nba = await seedGame();
    await expectRefusal(
      db,
      () => generate(leader, group.id, { game: { gameId: nba.id } }),
      400,
      "NBA is not among this group's sports",
    );
    const started = await seedGame({
      sport: 'NFL',
      status: 'in_progress',
      startsAt: hoursFromNow(-1),
    });
    await expectRefusal(
      db,
      () => generate(leader, group.id, { game: { gameId: started.id } }),
      409,
      /has already started/,
    );
    await expectRefusal(
      db,
      () => generate(leader, group.id, { game: { sport: 'NHL', away: 'Bruins', home: 'Rangers' } }),
      400,
      "NHL is not among this group's sports",
    );
    await expectRefusal(
      db,
      () => generate(member, group.id, { game: { sport: 'NFL', away: 'Bills', home: 'Jets' } }),
      403,
      'Only the group leader can do that',
    );
  });
});

describe('GET /api/groups/:id/generate-props', () => {
  it("lists the group's sports with samples, and how many one game gets", async () => {
    const group = await freshGroup(['Crazy Props', 'NHL', 'NFL']);
    const preview = await leader.request({
      method: 'GET',
      url: `/api/groups/${group.id}/generate-props`,
    });
    expect(preview.json()).toEqual({
      sports: [
        { sport: 'NFL', total: SAMPLE_PROPS.NFL.length },
        { sport: 'NHL', total: SAMPLE_PROPS.NHL.length },
      ],
    });
    await expectRefusal(
      db,
      () => member.request({ method: 'GET', url: `/api/groups/${group.id}/generate-props` }),
      403,
      'Only the group leader can do that',
    );
  });
});
