import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { FEED_SPORTS, type FeedSport } from '@shared/sports';
import type { Db } from '../../db/client';
import { feedDayOf, storeFeedDay } from './games.service';
import { FeedError, type ScoresFeed } from './scores-feed';

/** feed null: SCORES_FEED=off. */
export interface FeedContext {
  db: Db;
  feed: ScoresFeed | null;
  pollIntervalMs: number;
  log: FastifyBaseLogger;
}

export const STALE_MS = 10 * 60_000;
/** Upcoming schedule and recent finals (for corrections). */
export const SCHEDULE_REFRESH_MS = 3 * 60 * 60 * 1000;
const SCHEDULE_AHEAD_DAYS = 14;
const RECENT_DAYS = 2;
/** Whichever instance sees it. */
const LOG_EVERY_MS = 5 * 60 * 1000;
const BACKOFF_FIRST_MS = 15_000;
const BACKOFF_MAX_MS = 15 * 60 * 1000;

/** One conditional statement: with many instances, each day goes to one of them. */
async function claimDays(db: Db, sport: FeedSport, days: string[], staleMs: number) {
  if (days.length === 0) return [];
  const result = await db.execute<{ day: string }>(sql`
    insert into feed_fetches as f (sport, day, fetched_at)
    select ${sport}, d, now() from jsonb_array_elements_text(${JSON.stringify(days)}::jsonb) as d
    on conflict (sport, day) do update set fetched_at = now()
      where f.fetched_at <= now() - make_interval(secs => ${staleMs / 1000})
    returning f.day`);
  return result.rows.map((row) => row.day).sort();
}

async function backingOff(db: Db, sport: FeedSport): Promise<boolean> {
  const result = await db.execute<{ waiting: boolean }>(sql`
    select retry_at > now() as waiting from scores_feed_status where sport = ${sport}`);
  return result.rows[0]?.waiting === true;
}

async function recordSuccess(db: Db, sport: FeedSport) {
  await db.execute(sql`
    insert into scores_feed_status as s (sport, last_success_at, failures)
    values (${sport}, now(), 0)
    on conflict (sport) do update set last_success_at = now(), failures = 0, retry_at = null`);
}

/**
 * The next try backs off (15 s doubling, at most 15 minutes); answers whether this instance
 * is the one to log it.
 */
async function recordFailure(db: Db, sport: FeedSport, message: string): Promise<boolean> {
  const result = await db.execute<{ log: boolean }>(sql`
    with before as (select last_logged_at from scores_feed_status where sport = ${sport})
    insert into scores_feed_status as s (sport, last_error_at, last_error, failures, retry_at,
      last_logged_at)
    values (${sport}, now(), ${message}, 1, now() + make_interval(secs => ${BACKOFF_FIRST_MS / 1000}), now())
    on conflict (sport) do update set
      last_error_at = now(),
      last_error = excluded.last_error,
      failures = s.failures + 1,
      retry_at = now() + make_interval(secs => least(${BACKOFF_MAX_MS / 1000},
        ${BACKOFF_FIRST_MS / 1000} * power(2, least(s.failures, 16)))),
      last_logged_at = case
        when s.last_logged_at is null
          or s.last_logged_at <= now() - make_interval(secs => ${LOG_EVERY_MS / 1000})
        then now() else s.last_logged_at end
    returning s.last_logged_at = now()
      and (select last_logged_at from before) is distinct from now() as log`);
  return result.rows[0]?.log === true;
}

/** A failing feed changes nothing: the failure is recorded, the days wait. Never throws. */
export async function refreshDays(
  context: FeedContext,
  sport: FeedSport,
  days: string[],
  staleMs: number,
  force = false,
): Promise<void> {
  const { db, feed, log } = context;
  if (!feed || days.length === 0) return;
  try {
    if (!force && (await backingOff(db, sport))) return;
    for (const day of await claimDays(db, sport, days, force ? 0 : staleMs)) {
      const fetched = await feed.fetchDay(sport, day);
      await storeFeedDay(db, sport, day, fetched);
      await recordSuccess(db, sport);
    }
  } catch (error) {
    const message =
      error instanceof FeedError ? error.message : 'The feed’s answer could not be stored';
    const shouldLog = await recordFailure(db, sport, message).catch(() => true);
    if (shouldLog) {
      log.warn(
        { sport, feed: feed.name, ...(error instanceof FeedError ? {} : { err: error }) },
        `Scores feed (${sport}): ${message}; retrying with backoff`,
      );
    }
  }
}

/**
 * Every interval, the days of linked games under way (a postponed one until settled);
 * every few hours, the days of linked games coming up or just over (a new time, a
 * corrected score).
 */
async function plannedDays(db: Db, now: Date) {
  const result = await db.execute<{ sport: string; starts_at: string; live: boolean }>(sql`
    select distinct g.sport, g.starts_at,
      (g.starts_at <= ${now.toISOString()}::timestamptz
        and (g.status not in ('final', 'canceled') or g.graded_at is null)) as live
    from games g
    where g.starts_at >= ${new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString()}::timestamptz
      and g.starts_at < ${new Date(now.getTime() + SCHEDULE_AHEAD_DAYS * 86_400_000).toISOString()}::timestamptz
      and (exists (select 1 from props p where p.game_id = g.id)
        or exists (select 1 from master_props m where m.game_id = g.id))`);
  const plan = new Map<FeedSport, { live: Set<string>; schedule: Set<string> }>();
  for (const row of result.rows) {
    if (!(FEED_SPORTS as readonly string[]).includes(row.sport)) continue;
    const sport = row.sport as FeedSport;
    const entry = plan.get(sport) ?? { live: new Set(), schedule: new Set() };
    plan.set(sport, entry);
    const day = feedDayOf(new Date(row.starts_at));
    (row.live ? entry.live : entry.schedule).add(day);
  }
  return plan;
}

export async function pollFeed(context: FeedContext, now = new Date(), force = false) {
  const plan = await plannedDays(context.db, now);
  await Promise.all(
    [...plan].map(async ([sport, { live, schedule }]) => {
      // Slightly under the interval: a tick a moment early still finds the day due.
      await refreshDays(context, sport, [...live], context.pollIntervalMs * 0.8, force);
      const rest = [...schedule].filter((day) => !live.has(day));
      await refreshDays(context, sport, rest, SCHEDULE_REFRESH_MS, force);
    }),
  );
}

/** A day is stale after 10 minutes, or 1 minute while one of its games is under way. */
export async function refreshRange(
  context: FeedContext,
  sport: FeedSport,
  days: string[],
  liveDays: ReadonlySet<string>,
) {
  await refreshDays(
    context,
    sport,
    days.filter((day) => liveDays.has(day)),
    60_000,
  );
  await refreshDays(
    context,
    sport,
    days.filter((day) => !liveDays.has(day)),
    STALE_MS,
  );
}
