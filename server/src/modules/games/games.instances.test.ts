import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { activityEvents, games, masterProps, props, resultAudit } from '../../db/schema';
import { AppProcess, HttpUser } from '../../test/app-process';
import { FakeScoresFeed } from '../../test/fake-scores-feed';
import { seedGroup } from '../../test/group-fixtures';
import { createTestDatabase } from '../../test/test-app';
import { feedDayOf } from './games.service';

/**
 * Two app processes on one database polling one feed: each sport's day is fetched once per
 * poll interval between them, and each linked prop is graded once.
 */
const { url, database } = await createTestDatabase();
const db = database.db;
const fake = await FakeScoresFeed.start();
const running: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()));
  await fake.stop();
  await database.close();
});

const INTERVAL_MS = 1_500;
const startApp = async () => {
  const app = await AppProcess.start({
    DATABASE_URL: url,
    SCORES_FEED_URL: fake.url,
    SCORES_POLL_INTERVAL_MS: String(INTERVAL_MS),
    JOB_POLL_INTERVAL_MS: '500',
  });
  running.push(app);
  return app;
};

const NFL = 'football/nfl';
const kickoff = new Date(Date.now() - 20 * 60_000);
const day = feedDayOf(kickoff);
const OPTIONS = [
  { value: 'away', label: 'Bills', odds: '' },
  { value: 'home', label: 'Chiefs', odds: '' },
];

it(
  'fetches each day once per interval and grades each prop once',
  { timeout: 120_000 },
  async () => {
    const live = { id: '501', date: kickoff.toISOString(), home: 'KC', away: 'BUF' };
    fake.set(NFL, day, [{ ...live, status: 'STATUS_IN_PROGRESS', homeScore: 7, awayScore: 3 }]);
    const [game] = await db
      .insert(games)
      .values({
        sport: 'NFL',
        feedEventId: '501',
        homeAbbreviation: 'KC',
        homeName: 'Kansas City Chiefs',
        awayAbbreviation: 'BUF',
        awayName: 'Buffalo Bills',
        startsAt: kickoff,
        scheduledAt: kickoff,
        status: 'scheduled',
        fetchedAt: new Date(),
      })
      .returning();
    if (!game) throw new Error('no game');

    const [first, second] = await Promise.all([startApp(), startApp()]);
    if (!first || !second) throw new Error('no app');
    const leader = await HttpUser.register(first.origin, 'Lee');
    const group = await seedGroup(db, { leaderId: leader.id });
    const link = { gameId: game.id, market: 'winner' as const };
    const common = { sport: 'NFL', description: 'Who wins?', options: OPTIONS, gameDate: kickoff };
    const [master] = await db
      .insert(masterProps)
      .values({ ...common, title: 'BUF at KC (operator)', ...link })
      .returning();
    const [own, copy] = await db
      .insert(props)
      .values([
        { ...common, groupId: group.id, title: 'BUF at KC', ...link },
        {
          ...common,
          groupId: group.id,
          title: 'BUF at KC (operator)',
          isImported: true,
          masterPropId: master?.id,
          ...link,
        },
      ])
      .returning();
    if (!own || !copy || !master) throw new Error('no props');

    // Under way: both instances tick every interval, the day is fetched once per interval.
    const started = Date.now();
    await sleep(INTERVAL_MS * 5);
    const times = fake.timesOf(NFL, day);
    const elapsed = Date.now() - started;
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.length).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL_MS) + 1);
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    // The claim's slack (80% of the interval), less the clocks' spread.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL_MS * 0.8 - 100);
    const [stored] = await db.select().from(games).where(eq(games.id, game.id));
    expect(stored).toMatchObject({ status: 'in_progress', homeScore: 7, awayScore: 3 });

    // The final, seen by both: each result written once.
    fake.set(NFL, day, [{ ...live, status: 'STATUS_FINAL', homeScore: 27, awayScore: 24 }]);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await db.select().from(props).where(eq(props.id, own.id));
      if (row?.result === 'home') break;
      if (Date.now() > deadline) throw new Error(`not graded:\n${first.log}\n${second.log}`);
      await sleep(200);
    }
    await sleep(INTERVAL_MS * 3);
    const lines = await db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.groupId, group.id), eq(activityEvents.eventType, 'result_set')));
    expect(lines.map((line) => [line.predictionId, line.eventType]).sort()).toEqual(
      [
        [own.id, 'result_set'],
        [copy.id, 'result_set'],
      ].sort(),
    );
    const masterEntries = await db
      .select()
      .from(resultAudit)
      .where(eq(resultAudit.masterPropId, master.id));
    expect(masterEntries.filter((entry) => entry.groupId === null)).toHaveLength(1);
    // Graded and over: the day is no longer fetched every interval.
    const fetchedBefore = fake.requestsFor(NFL, day);
    await sleep(INTERVAL_MS * 3);
    expect(fake.requestsFor(NFL, day)).toBe(fetchedBefore);
  },
);
