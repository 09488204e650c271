import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Game, ScoresFeedStatus } from '@shared/contract/games';
import type { ActivityEvent } from '@shared/contract/activity';
import type { AuditEntry } from '@shared/contract/audit';
import type { LeaderboardEntry } from '@shared/contract/props';
import { VOID_REASON_CANCELED, VOID_REASON_POSTPONED } from '@shared/domain/game-grading';
import { feedPayloads, games, groupEvents, masterProps, props } from '../../db/schema';
import { FakeScoresFeed } from '../../test/fake-scores-feed';
import { seedGroup, seedPick } from '../../test/group-fixtures';
import { createTestApp, registerUser } from '../../test/test-app';
import { propRow } from '../props/props-test-kit';
import { espnFeed } from './espn-feed';
import { pollAndGrade } from './feed-jobs';
import type { FeedContext } from './feed-poller';
import { feedDayOf } from './games.service';
import { gradeDueGames } from './grading';

/**
 * The pipeline end to end against a real HTTP server serving ESPN's shape: games move from
 * pre-game to in progress to final, and the linked props take their results the way a
 * person's result is taken (standings, activity, live events, audit, recaps).
 */
const fake = await FakeScoresFeed.start();
afterAll(() => fake.stop());
const feed = espnFeed({ baseUrl: fake.url, timeoutMs: 2_000, maxBytes: 1024 * 1024 });
const { app, database } = await createTestApp({ scoresFeed: { feed, pollIntervalMs: 60_000 } });
const db = database.db;
const context: FeedContext = { db, feed, pollIntervalMs: 60_000, log: pino({ level: 'silent' }) };
/** A poll as "Poll now" runs it (whatever was fetched lately), then grading. */
const poll = () => pollAndGrade(context, true);

const admin = await registerUser(app, { displayName: 'Operator' });
const leader = await registerUser(app, { displayName: 'Lea' });
const ann = await registerUser(app, { displayName: 'Ann' });
const bob = await registerUser(app, { displayName: 'Bob' });
const group = await seedGroup(db, { leaderId: leader.id, memberIds: [ann.id, bob.id] });

const MINUTE = 60_000;
const kickoff = new Date(Date.now() - 30 * MINUTE);
const day = feedDayOf(kickoff);
const NFL = 'football/nfl';
const later = new Date(Date.now() + 6 * 60 * MINUTE);
const firstGames = [
  {
    id: '401',
    date: kickoff.toISOString(),
    home: 'KC',
    away: 'BUF',
    spread: -2.5,
    overUnder: 46.5,
  },
  { id: '402', date: kickoff.toISOString(), home: 'NYG', away: 'DAL', spread: 3, overUnder: 40 },
  { id: '403', date: kickoff.toISOString(), home: 'GB', away: 'CHI', spread: -6, overUnder: 41 },
];
const laterGame = {
  id: '404',
  date: later.toISOString(),
  home: 'SF',
  away: 'SEA',
  spread: -4,
  overUnder: 44,
};
// Both days may be one (late in New York's evening they are not).
const laterDay = feedDayOf(later);
fake.set(NFL, day, laterDay === day ? [...firstGames, laterGame] : firstGames);
if (laterDay !== day) fake.set(NFL, laterDay, [laterGame]);

const listGames = async (from: Date, to: Date) => {
  const response = await ann.request({
    method: 'GET',
    url: `/api/games?sport=NFL&from=${from.toISOString()}&to=${to.toISOString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Game[]>();
};
const gameIdOf = async (feedEventId: string) => {
  const [row] = await db.select().from(games).where(eq(games.feedEventId, feedEventId));
  if (!row) throw new Error(`no game ${feedEventId}`);
  return row.id;
};

type Link = Pick<typeof props.$inferInsert, 'market' | 'line' | 'team'>;
const OPTIONS = {
  winner: [
    { value: 'away', label: 'Away', odds: '' },
    { value: 'home', label: 'Home', odds: '' },
  ],
  total: [
    { value: 'over', label: 'Over', odds: '' },
    { value: 'under', label: 'Under', odds: '' },
  ],
};
async function linkedProp(feedEventId: string, title: string, link: Link, gameDate = kickoff) {
  const [prop] = await db
    .insert(props)
    .values({
      groupId: group.id,
      sport: 'NFL',
      title,
      description: 'Linked to a game',
      options:
        link.market === 'winner' || link.market === 'spread' ? OPTIONS.winner : OPTIONS.total,
      gameDate,
      gameId: await gameIdOf(feedEventId),
      ...link,
    })
    .returning();
  if (!prop) throw new Error('no prop');
  return prop;
}
const activity = async () =>
  (await ann.request({ method: 'GET', url: `/api/activity-events/${group.id}` })).json<
    ActivityEvent[]
  >();

describe('a game from pre-game to final', () => {
  it('lists the games with the feed’s lines before kickoff, fetched from the feed', async () => {
    const listed = await listGames(new Date(kickoff.getTime() - MINUTE), later);
    expect(listed.map((game) => game.feedEventId)).toEqual(['401', '402', '403']);
    expect(listed[0]).toMatchObject({
      sport: 'NFL',
      status: 'scheduled',
      home: { abbreviation: 'KC', name: 'KC Team', score: null },
      away: { abbreviation: 'BUF', score: null },
      odds: { spread: -2.5, total: 46.5 },
      missingFromFeed: false,
    });
  });

  let winner: typeof props.$inferSelect;
  let spread: typeof props.$inferSelect;
  let total: typeof props.$inferSelect;
  let teamTotal: typeof props.$inferSelect;
  let master: typeof masterProps.$inferSelect;
  let copyId: number;

  it('shows the live score while in progress, and grades nothing', async () => {
    winner = await linkedProp('401', 'BUF at KC', { market: 'winner' });
    spread = await linkedProp('401', 'BUF at KC: spread', { market: 'spread', line: -2.5 });
    total = await linkedProp('401', 'BUF at KC: total', { market: 'total', line: 46.5 });
    teamTotal = await linkedProp('401', 'KC points', {
      market: 'team_total',
      line: 24.5,
      team: 'home',
    });
    const [inserted] = await db
      .insert(masterProps)
      .values({
        sport: 'NFL',
        title: 'BUF at KC (operator)',
        description: 'Who wins?',
        options: OPTIONS.winner,
        gameDate: kickoff,
        gameId: await gameIdOf('401'),
        market: 'winner',
      })
      .returning();
    if (!inserted) throw new Error('no master');
    master = inserted;
    const [copy] = await db
      .insert(props)
      .values({
        groupId: group.id,
        sport: 'NFL',
        title: master.title,
        description: master.description,
        options: master.options,
        gameDate: kickoff,
        isImported: true,
        masterPropId: master.id,
        gameId: master.gameId,
        market: 'winner',
      })
      .returning();
    if (!copy) throw new Error('no copy');
    copyId = copy.id;
    for (const prop of [winner, spread, copy]) {
      await seedPick(db, { userId: ann.id, prop, selectedOption: 'home' });
      await seedPick(db, { userId: bob.id, prop, selectedOption: 'away' });
    }

    fake.update('401', {
      status: 'STATUS_IN_PROGRESS',
      homeScore: 17,
      awayScore: 14,
      period: 3,
      clock: '4:12',
    });
    expect(await poll()).toBe(0);
    const [live] = await listGames(kickoff, new Date(kickoff.getTime() + MINUTE));
    expect(live).toMatchObject({
      status: 'in_progress',
      period: 3,
      clock: '4:12',
      home: { score: 17 },
      away: { score: 14 },
      // The feed's lines stay once it stops sending them.
      odds: { spread: -2.5, total: 46.5 },
    });
    expect((await propRow(db, winner.id))?.result).toBeNull();
    // Payloads are kept for what a grading rests on, not for every minute of play.
    expect(await db.select().from(feedPayloads)).toEqual([]);
  });

  it('grades every linked prop at the final, master props and their copies too', async () => {
    fake.update('401', { status: 'STATUS_FINAL', homeScore: 27, awayScore: 24 });
    expect(await poll()).toBe(6);
    const results = async () =>
      Promise.all(
        [winner, spread, total, teamTotal].map(async (p) => (await propRow(db, p.id))?.result),
      );
    expect(await results()).toEqual(['home', 'home', 'over', 'over']);
    expect((await propRow(db, copyId))?.result).toBe('home');
    const [masterNow] = await db.select().from(masterProps).where(eq(masterProps.id, master.id));
    expect(masterNow?.result).toBe('home');
    const kept = await db.select().from(feedPayloads);
    expect(kept.map((payload) => payload.body.includes('STATUS_FINAL'))).toEqual([true]);

    // Standings: Ann picked home on three props that went home, Bob away.
    const board = (await ann.request({ method: 'GET', url: `/api/leaderboard/${group.id}` })).json<
      LeaderboardEntry[]
    >();
    const record = (id: number) => board.find((entry) => entry.user.id === id);
    expect(record(ann.id)).toMatchObject({ wins: 3, position: 1 });
    expect(record(bob.id)).toMatchObject({ wins: 0 });

    // Activity: one line per result, by no person (the feed).
    const lines = (await activity()).filter((event) => event.eventType === 'result_set');
    expect(lines).toHaveLength(5);
    expect(lines.every((line) => line.actorName === null)).toBe(true);
    expect(lines.every((line) => 'byPickem' in line.eventData && line.eventData.byPickem)).toBe(
      true,
    );

    // Live pages: a result event per prop; recaps batch by result_set_at.
    const live = await db
      .select()
      .from(groupEvents)
      .where(and(eq(groupEvents.groupId, group.id), eq(groupEvents.type, 'result')));
    expect(live.map((event) => event.payload.propId).sort()).toEqual(
      [winner.id, spread.id, total.id, teamTotal.id, copyId].sort(),
    );
    expect((await propRow(db, winner.id))?.resultSetAt).not.toBeNull();

    // The audit trail names the feed.
    const audit = (
      await leader.request({ method: 'GET', url: `/api/groups/${group.id}/audit` })
    ).json<AuditEntry[]>();
    expect(audit.filter((entry) => entry.kind === 'result_set')).toHaveLength(5);
    expect(audit.every((entry) => entry.actor.type === 'feed')).toBe(true);
  });

  it('writes each result once, however often the same final is seen', async () => {
    const before = (await activity()).length;
    expect(await poll()).toBe(0);
    expect(await gradeDueGames(db)).toBe(0);
    expect(await Promise.all([gradeDueGames(db), gradeDueGames(db)])).toEqual([0, 0]);
    expect((await activity()).length).toBe(before);
  });

  it('re-grades what a corrected final changes and says so; an override survives it', async () => {
    const overridden = await leader.request({
      method: 'PUT',
      url: `/api/predictions/${total.id}`,
      payload: { result: 'under', reason: 'The league reviewed a late field goal' },
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    // KC 26 – BUF 24: the spread flips (2 − 2.5 < 0); the total (50) would stay over.
    fake.update('401', { homeScore: 26, awayScore: 24 });
    expect(await poll()).toBe(1);
    expect((await propRow(db, spread.id))?.result).toBe('away');
    expect((await propRow(db, winner.id))?.result).toBe('home');
    expect((await propRow(db, total.id))?.result).toBe('under');
    const [line] = (await activity()).filter((event) => event.predictionId === spread.id);
    expect(line).toMatchObject({
      eventType: 'result_set',
      actorName: null,
      eventData: {
        result: 'away',
        previousResult: 'home',
        reason: 'Final score corrected: BUF 24 – KC 26',
      },
    });

    // Back to automatic: the feed's result from the stored game, and the feed rules again.
    const automatic = await leader.request({
      method: 'POST',
      url: `/api/predictions/${total.id}/automatic`,
    });
    expect(automatic.statusCode, automatic.body).toBe(200);
    expect(await propRow(db, total.id)).toMatchObject({ result: 'over', resultOverridden: false });
    fake.update('401', { homeScore: 20, awayScore: 24 });
    await poll();
    expect((await propRow(db, total.id))?.result).toBe('under');
    expect((await propRow(db, winner.id))?.result).toBe('away');
  });
});

describe('games that do not end in a final', () => {
  it('voids the props of a canceled game at once, with the reason', async () => {
    const prop = await linkedProp('402', 'DAL at NYG', { market: 'winner' });
    fake.update('402', { status: 'STATUS_CANCELED' });
    await poll();
    expect((await propRow(db, prop.id))?.result).toBe('N/A');
    const [line] = (await activity()).filter((event) => event.predictionId === prop.id);
    expect(line).toMatchObject({
      eventType: 'result_set',
      eventData: { result: 'N/A', reason: VOID_REASON_CANCELED },
    });
  });

  it('flags a game the feed stops listing, for the operator, and never voids it', async () => {
    const prop = await linkedProp('403', 'CHI at GB', { market: 'winner' });
    fake.set(NFL, day, [
      ...[
        { id: '401', date: kickoff.toISOString(), home: 'KC', away: 'BUF' },
        { id: '402', date: kickoff.toISOString(), home: 'NYG', away: 'DAL' },
      ].map((event) => ({ ...event, status: 'STATUS_FINAL', homeScore: 26, awayScore: 24 })),
      ...(laterDay === day ? [laterGame] : []),
    ]);
    fake.update('402', { status: 'STATUS_CANCELED' });
    await poll();
    expect((await propRow(db, prop.id))?.result).toBeNull();
    const [row] = await db
      .select()
      .from(games)
      .where(eq(games.id, prop.gameId ?? 0));
    expect(row?.missingFromFeed).toBe(true);
    const status = (
      await admin.request({ method: 'GET', url: '/api/admin/scores-feed' })
    ).json<ScoresFeedStatus>();
    expect(status.flagged).toEqual([
      expect.objectContaining({ predictionId: prop.id, groupName: group.name, title: 'CHI at GB' }),
    ]);
    expect(status.sports.find((sport) => sport.sport === 'NFL')).toMatchObject({ state: 'ok' });
  });

  it('moves a postponed game’s lock time with its new start, picks kept', async () => {
    await listGames(later, new Date(later.getTime() + MINUTE));
    const prop = await linkedProp('404', 'SEA at SF', { market: 'winner' }, later);
    await seedPick(db, { userId: ann.id, prop, selectedOption: 'home' });
    const newStart = new Date(later.getTime() + 3 * 60 * MINUTE);
    fake.set(NFL, feedDayOf(later), [
      {
        id: '404',
        date: newStart.toISOString(),
        home: 'SF',
        away: 'SEA',
        status: 'STATUS_POSTPONED',
      },
    ]);
    await poll();
    const moved = await propRow(db, prop.id);
    expect(moved?.gameDate).toEqual(newStart);
    expect(moved?.result).toBeNull();
    const picks = await db.execute(sql`select 1 from picks where prop_id = ${prop.id}`);
    expect(picks.rows).toHaveLength(1);

    // Not played within 48 hours of its original start: void, with the reason.
    expect(await gradeDueGames(db, new Date(later.getTime() + 47 * 60 * MINUTE))).toBe(0);
    expect(await gradeDueGames(db, new Date(later.getTime() + 48 * 60 * MINUTE))).toBe(1);
    expect((await propRow(db, prop.id))?.result).toBe('N/A');
    const [line] = (await activity()).filter((event) => event.predictionId === prop.id);
    expect(line).toMatchObject({ eventData: { result: 'N/A', reason: VOID_REASON_POSTPONED } });
  });
});

describe('who may ask', () => {
  it('lists games for signed-in people only, and refuses a bad range with a 400', async () => {
    const signedOut = await app.inject({
      method: 'GET',
      url: `/api/games?sport=NFL&from=${kickoff.toISOString()}&to=${later.toISOString()}`,
    });
    expect(signedOut.statusCode).toBe(401);
    const backwards = await ann.request({
      method: 'GET',
      url: `/api/games?sport=NFL&from=${later.toISOString()}&to=${kickoff.toISOString()}`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ fieldErrors: { to: ['to must be after from'] } });
    const unknown = await ann.request({
      method: 'GET',
      url: `/api/games?sport=Cricket&from=${kickoff.toISOString()}&to=${later.toISOString()}`,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('shows the feed’s state and polls now for the operator only', async () => {
    for (const url of ['/api/admin/scores-feed']) {
      expect((await ann.request({ method: 'GET', url })).statusCode).toBe(403);
    }
    expect(
      (await ann.request({ method: 'POST', url: '/api/admin/scores-feed/poll' })).statusCode,
    ).toBe(403);
    const polled = await admin.request({ method: 'POST', url: '/api/admin/scores-feed/poll' });
    expect(polled.statusCode).toBe(200);
  });
});
