import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScoresFeedStatus } from '@shared/contract/games';
import { ESPN_SPORT_PATHS, type FeedSport } from '@shared/sports';
import { feedPayloads, games, scoresFeedStatus } from '../../db/schema';
import { FakeScoresFeed, type FeedFailure } from '../../test/fake-scores-feed';
import { createTestApp, registerUser } from '../../test/test-app';
import { espnFeed } from './espn-feed';
import { prunePayloads } from './feed-jobs';
import { refreshDays, type FeedContext } from './feed-poller';
import { feedDayOf } from './games.service';

/**
 * A feed that fails the ways real ones do (5xx, too slow, cut off, hostile, not JSON)
 * changes nothing, crashes nothing, backs off, and is logged once per sport per few
 * minutes, while the app keeps answering with what it stored.
 */
const fake = await FakeScoresFeed.start();
afterAll(() => fake.stop());
const feed = espnFeed({ baseUrl: fake.url, timeoutMs: 500, maxBytes: 1024 * 1024 });
const { app, database } = await createTestApp({ scoresFeed: { feed, pollIntervalMs: 60_000 } });
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' });

const lines: { sport?: string; msg: string }[] = [];
const log = pino(
  { level: 'warn' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { sport?: string; msg: string });
      done();
    },
  }),
);
const context: FeedContext = { db, feed, pollIntervalMs: 60_000, log };

const now = new Date();
const day = feedDayOf(now);
const snapshot = async () => ({
  games: await db.select().from(games).orderBy(games.id),
  payloads: (await db.select({ id: feedPayloads.id }).from(feedPayloads)).length,
});

const cases: [FeedFailure, FeedSport, RegExp][] = [
  ['http-500', 'NBA', /answered HTTP 500/],
  ['hang', 'MLB', /did not answer within 0.5 s/],
  ['truncated', 'NHL', /not JSON/],
  ['hostile', 'NCAAF', /nested too deeply/],
  ['not-json', 'NFL', /not JSON/],
];

describe('a failing feed', () => {
  it.each(cases)('%s: changes nothing, backs off, one log line', async (failure, sport, said) => {
    const path = ESPN_SPORT_PATHS[sport];
    fake.set(path, day, [
      {
        id: `${sport}-1`,
        date: now.toISOString(),
        home: 'AAA',
        away: 'BBB',
        status: 'STATUS_IN_PROGRESS',
        homeScore: 1,
        awayScore: 0,
      },
    ]);
    fake.failure = null;
    await refreshDays(context, sport, [day], 0, true);
    const before = await snapshot();
    expect(before.games.some((game) => game.feedEventId === `${sport}-1`)).toBe(true);

    fake.update(`${sport}-1`, { status: 'STATUS_FINAL', homeScore: 5, awayScore: 4 });
    fake.failure = failure;
    const logged = lines.length;
    await refreshDays(context, sport, [day], 0, true);
    expect(await snapshot()).toEqual(before);
    const [row] = await db.select().from(scoresFeedStatus).where(eq(scoresFeedStatus.sport, sport));
    expect(row?.lastError).toMatch(said);
    expect(row?.retryAt?.getTime()).toBeGreaterThan(Date.now());

    // Backing off: the next regular poll does not ask; "Poll now" does, and is not logged again.
    const asked = fake.requestsFor(path, day);
    await refreshDays(context, sport, [day], 0);
    expect(fake.requestsFor(path, day)).toBe(asked);
    await refreshDays(context, sport, [day], 0, true);
    expect(fake.requestsFor(path, day)).toBe(asked + 1);
    expect(await snapshot()).toEqual(before);
    expect(lines.slice(logged)).toEqual([
      expect.objectContaining({ sport, msg: expect.stringMatching(said) }),
    ]);
    expect(Object.prototype).not.toHaveProperty('polluted');

    // The feed back: the final lands, the sport is healthy again.
    fake.failure = null;
    await refreshDays(context, sport, [day], 0, true);
    const [game] = (await snapshot()).games.filter((one) => one.feedEventId === `${sport}-1`);
    expect(game).toMatchObject({ status: 'final', homeScore: 5, awayScore: 4 });
  });

  it('shows each sport’s state on the admin card', async () => {
    const status = (
      await admin.request({ method: 'GET', url: '/api/admin/scores-feed' })
    ).json<ScoresFeedStatus>();
    expect(status.enabled).toBe(true);
    expect(status.sports.map((sport) => [sport.sport, sport.state])).toEqual([
      ['NFL', 'ok'],
      ['NCAAF', 'ok'],
      ['NBA', 'ok'],
      ['MLB', 'ok'],
      ['NHL', 'ok'],
    ]);
    expect(status.sports[0]?.lastError).toMatch(/not JSON/);
  });

  it('answers GET /api/games from what is stored while the feed is down', async () => {
    fake.failure = 'hang';
    const member = await registerUser(app, { displayName: 'Ann' });
    const started = Date.now();
    const response = await member.request({
      method: 'GET',
      url: `/api/games?sport=NBA&from=${new Date(now.getTime() - 60_000).toISOString()}&to=${new Date(now.getTime() + 60_000).toISOString()}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ feedEventId: 'NBA-1', status: 'final' }),
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    fake.failure = null;
  });
});

const off = await createTestApp();
const operator = await registerUser(off.app, { displayName: 'Operator' });
// No internet: nothing listens on the feed's address.
const offline = await createTestApp({
  scoresFeed: {
    feed: espnFeed({ baseUrl: 'http://127.0.0.1:9/sports', timeoutMs: 2_000, maxBytes: 1024 }),
    pollIntervalMs: 60_000,
  },
});
const offlineOperator = await registerUser(offline.app, { displayName: 'Operator' });

describe('no feed at all', () => {
  it('starts, lists no games and says the feed is off', async () => {
    const status = (
      await operator.request({ method: 'GET', url: '/api/admin/scores-feed' })
    ).json<ScoresFeedStatus>();
    expect(status).toMatchObject({ enabled: false, waiting: [], flagged: [] });
    const polled = await operator.request({ method: 'POST', url: '/api/admin/scores-feed/poll' });
    expect(polled.statusCode).toBe(409);
    const listed = await operator.request({
      method: 'GET',
      url: `/api/games?sport=NFL&from=${now.toISOString()}&to=${new Date(now.getTime() + 60_000).toISOString()}`,
    });
    expect(listed.json()).toEqual([]);
  });

  it('with no internet, works and shows the feed as unreachable', async () => {
    const status = (
      await offlineOperator.request({ method: 'GET', url: '/api/admin/scores-feed' })
    ).json<ScoresFeedStatus>();
    expect(status.enabled).toBe(true);
    expect(status.sports.map((sport) => sport.state)).toEqual(Array(5).fill('unreachable'));
    expect(status.sports[0]?.lastError).toMatch(/could not be reached/);
    const listed = await offlineOperator.request({
      method: 'GET',
      url: `/api/games?sport=NFL&from=${now.toISOString()}&to=${new Date(now.getTime() + 60_000).toISOString()}`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
  });
});

describe('the payloads kept for disputes', () => {
  it('prunes the payloads kept past their 30 days', async () => {
    const body = '{"events":[]}';
    await db.insert(feedPayloads).values([
      {
        sport: 'NFL',
        day: '20250101',
        sha256: 'old',
        body,
        fetchedAt: new Date(Date.now() - 31 * 86_400_000),
      },
      {
        sport: 'NFL',
        day: '20250102',
        sha256: 'recent',
        body,
        fetchedAt: new Date(Date.now() - 29 * 86_400_000),
      },
    ]);
    await prunePayloads(db);
    const kept = await db.select({ sha256: feedPayloads.sha256 }).from(feedPayloads);
    expect(kept.map((row) => row.sha256)).toContain('recent');
    expect(kept.map((row) => row.sha256)).not.toContain('old');
  });
});
