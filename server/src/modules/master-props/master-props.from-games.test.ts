import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MasterProp } from '@shared/contract/master-props';
import { games, masterProps } from '../../db/schema';
import { hoursFromNow } from '../../test/group-fixtures';
import { daysFromNow, sheetCsv } from '../../test/master-props-fixtures';
import { startSheetServer } from '../../test/sheet-server';
import { createTestApp, registerUser } from '../../test/test-app';
import type { MasterPropsSources } from './master-props-sync';

/** POST /api/admin/master-props/from-games: the operator's master props linked to games. */
const sources: MasterPropsSources = {};
const { app, database } = await createTestApp({ masterProps: { sources } });
const db = database.db;
const operator = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const leader = await registerUser(app, { displayName: 'Lee Leader' });
const sheets = await startSheetServer();
sources.NFL = sheets.url('/nfl.csv');
sheets.serve(
  '/nfl.csv',
  sheetCsv([
    { key: 'row-1', title: 'Jets at Bills', options: 'Jets|Bills', gameDate: daysFromNow(2) },
  ]),
);

let eventCounter = 0;
async function seedGame(sport = 'NFL') {
  eventCounter += 1;
  const startsAt = hoursFromNow(30);
  const [game] = await db
    .insert(games)
    .values({
      sport,
      feedEventId: `from-games-${eventCounter}`,
      awayAbbreviation: 'BUF',
      awayName: 'Buffalo Bills',
      homeAbbreviation: 'KC',
      homeName: 'Kansas City Chiefs',
      startsAt,
      scheduledAt: startsAt,
      status: 'scheduled',
      homeSpread: -2.5,
      total: 46.5,
      fetchedAt: new Date(),
    })
    .returning();
  if (!game) throw new Error('no game');
  return game;
}

const fromGames = (user: typeof operator, props: object[]) =>
  user.request({ method: 'POST', url: '/api/admin/master-props/from-games', payload: { props } });

describe('POST /api/admin/master-props/from-games', () => {
  it('makes linked master props that a sync of the sheet keeps', async () => {
    const game = await seedGame();
    const created = await fromGames(operator, [
      { gameId: game.id, market: 'spread' },
      { gameId: game.id, market: 'total', line: 44 },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const [spread, total] = created.json<MasterProp[]>();
    expect(spread).toMatchObject({
      sport: 'NFL',
      title: 'Buffalo Bills at Kansas City Chiefs',
      options: ['away', 'home'],
      gameDate: game.startsAt.toISOString(),
    });
    expect(total?.options).toEqual(['over', 'under']);
    const [row] = await db
      .select()
      .from(masterProps)
      .where(eq(masterProps.id, spread?.id ?? 0));
    expect(row).toMatchObject({ gameId: game.id, market: 'spread', line: -2.5 });

    const synced = await operator.request({
      method: 'POST',
      url: '/api/admin/sync-master-props',
      payload: { sport: 'NFL', removeMissing: true },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ count: 1, added: 1, removed: 0 });
    const kept = await db.select().from(masterProps).where(eq(masterProps.gameId, game.id));
    expect(kept).toHaveLength(2);

    const again = await fromGames(operator, [{ gameId: game.id, market: 'spread' }]);
    expect(again.statusCode).toBe(409);
  });

  it('is the operator’s alone, and only for the sports of the master list', async () => {
    const game = await seedGame();
    expect((await fromGames(leader, [{ gameId: game.id, market: 'winner' }])).statusCode).toBe(403);
    const nba = await seedGame('NBA');
    const refused = await fromGames(operator, [{ gameId: nba.id, market: 'winner' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Master props are for NFL and NCAAF games');
    expect(await db.select().from(masterProps).where(eq(masterProps.gameId, nba.id))).toEqual([]);
  });
});

describe('the sheet’s espn_event_id, market, line and team columns', () => {
  const linkedSheet = (eventId: string, line: string, result = '') =>
    [
      'key,title,description,options,game_date,result,espn_event_id,market,line,team',
      `spread-1,Bills at Chiefs,Chiefs give the points,Bills|Chiefs,${daysFromNow(2).toISOString()},${result},${eventId},spread,${line},`,
    ].join('\r\n');

  it('make a synced row a linked master prop, whose line a later sync may move', async () => {
    const game = await seedGame();
    sheets.serve('/nfl.csv', linkedSheet(game.feedEventId, '-2.5'));
    const sync = () =>
      operator.request({
        method: 'POST',
        url: '/api/admin/sync-master-props',
        payload: { sport: 'NFL', removeMissing: true },
      });
    expect((await sync()).statusCode).toBe(200);
    const [linked] = await db
      .select()
      .from(masterProps)
      .where(eq(masterProps.sourceKey, 'spread-1'));
    expect(linked).toMatchObject({
      gameId: game.id,
      market: 'spread',
      line: -2.5,
      team: null,
      options: [
        { value: 'away', label: 'Bills' },
        { value: 'home', label: 'Chiefs' },
      ],
    });

    // A result by its label; the line moved.
    sheets.serve('/nfl.csv', linkedSheet(game.feedEventId, '-3.5', 'Chiefs'));
    expect((await sync()).json()).toMatchObject({ updated: 1 });
    const [moved] = await db
      .select()
      .from(masterProps)
      .where(eq(masterProps.sourceKey, 'spread-1'));
    expect(moved).toMatchObject({ line: -3.5, result: 'home' });
  });

  it('refuse a row whose link cannot be read, naming the row', async () => {
    const game = await seedGame();
    sheets.serve('/nfl.csv', linkedSheet(game.feedEventId, ''));
    const refused = await operator.request({
      method: 'POST',
      url: '/api/admin/sync-master-props',
      payload: { sport: 'NFL' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      'row 2': ['line is required for a spread market'],
    });
  });
});
