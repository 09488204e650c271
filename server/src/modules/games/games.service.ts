import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Game } from '@shared/contract/games';
import { easternStartOfDay, easternWallTimeOf } from '@shared/domain/eastern-time';
import type { FeedSport } from '@shared/sports';
import type { Db, Tx } from '../../db/client';
import { feedPayloads, games, type GameRow } from '../../db/schema';
import { applyMastersToCopies } from '../master-props/master-props.service';
import type { FeedDay, FeedGame } from './scores-feed';

export function toGameView(row: GameRow): Game {
  return {
    id: row.id,
    sport: row.sport as FeedSport,
    feedEventId: row.feedEventId,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    period: row.period,
    clock: row.clock,
    detail: row.detail,
    home: { abbreviation: row.homeAbbreviation, name: row.homeName, score: row.homeScore },
    away: { abbreviation: row.awayAbbreviation, name: row.awayName, score: row.awayScore },
    odds:
      row.homeSpread === null && row.total === null
        ? null
        : { spread: row.homeSpread, total: row.total },
    missingFromFeed: row.missingFromFeed,
  };
}

/** [from, to), in start order. */
export function storedGames(db: Db, sport: FeedSport, from: Date, to: Date): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.sport, sport), gte(games.startsAt, from), lt(games.startsAt, to)))
    .orderBy(asc(games.startsAt), asc(games.id));
}

/** The New York calendar date, YYYYMMDD (ESPN's `dates`). */
export function feedDayOf(instant: Date): string {
  const { year, month, day } = easternWallTimeOf(instant);
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** [start, end): New York's midnights (23 to 25 hours apart). */
export function feedDayBounds(day: string): { start: Date; end: Date } {
  const [year, month, date] = [day.slice(0, 4), day.slice(4, 6), day.slice(6, 8)].map(Number);
  const next = new Date(Date.UTC(year ?? NaN, (month ?? NaN) - 1, (date ?? NaN) + 1));
  const start = easternStartOfDay(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`);
  const end = easternStartOfDay(next.toISOString().slice(0, 10));
  if (!start || !end) throw new Error(`Not a feed day: ${day}`);
  return { start, end };
}

export function feedDaysBetween(from: Date, to: Date, max: number): string[] {
  const days: string[] = [];
  for (let day = feedDayOf(from); days.length < max;) {
    const { start, end } = feedDayBounds(day);
    if (start >= to) break;
    days.push(day);
    day = feedDayOf(end);
  }
  return days;
}

/**
 * In one transaction: every game listed (a changed status, score or start is to be graded
 * again), the day's stored games no longer listed (flagged, never voided), lock times of
 * props whose game moved before it began, and the payload when a grading will rest on it.
 */
export async function storeFeedDay(
  db: Db,
  sport: FeedSport,
  day: string,
  feedDay: FeedDay,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const listed = dedupe(feedDay.games);
    const before = new Map(
      (listed.length === 0
        ? []
        : await tx
            .select({ id: games.id, feedEventId: games.feedEventId, startsAt: games.startsAt })
            .from(games)
            .where(
              and(
                eq(games.sport, sport),
                inArray(
                  games.feedEventId,
                  listed.map((game) => game.feedEventId),
                ),
              ),
            )
            .for('update')
      ).map((row) => [row.feedEventId, row]),
    );
    const storable = listed.filter((game) => game.startsAt || before.has(game.feedEventId));
    const stored = storable.length === 0 ? [] : await upsertGames(tx, sport, storable);

    const { start, end } = feedDayBounds(day);
    await tx
      .update(games)
      .set({ missingFromFeed: true })
      .where(
        and(
          eq(games.sport, sport),
          gte(games.startsAt, start),
          lt(games.startsAt, end),
          eq(games.missingFromFeed, false),
          listed.length === 0
            ? undefined
            : notInArray(
                games.feedEventId,
                listed.map((game) => game.feedEventId),
              ),
        ),
      );

    const moved = stored.flatMap((row) => {
      const previous = before.get(row.feedEventId)?.startsAt;
      const notStarted = row.status === 'scheduled' || row.status === 'postponed';
      return previous && notStarted && previous.getTime() !== row.startsAt.getTime()
        ? [{ id: row.id, from: previous }]
        : [];
    });
    await moveLockTimes(tx, moved);

    // Kept for disputes only when a grading rests on it: every minute of a game would be gigabytes.
    if (
      stored.some(
        (row) => row.toGrade && row.status !== 'scheduled' && row.status !== 'in_progress',
      )
    ) {
      await tx
        .insert(feedPayloads)
        .values({
          sport,
          day,
          sha256: createHash('sha256').update(feedDay.raw).digest('hex'),
          body: feedDay.raw,
        })
        .onConflictDoNothing();
    }
    return stored.map((row) => row.id);
  });
}

/** The last one wins: a payload listing one twice is not an error. */
const dedupe = (list: FeedGame[]) => [
  ...new Map(list.map((game) => [game.feedEventId, game])).values(),
];

async function upsertGames(tx: Tx, sport: FeedSport, list: FeedGame[]) {
  const rows = list.map((game) => ({
    feed_event_id: game.feedEventId,
    home_abbreviation: game.home.abbreviation,
    home_name: game.home.name,
    away_abbreviation: game.away.abbreviation,
    away_name: game.away.name,
    starts_at: game.startsAt?.toISOString() ?? null,
    status: game.status,
    home_score: game.home.score,
    away_score: game.away.score,
    period: game.period,
    clock: game.clock,
    detail: game.detail,
    home_spread: game.homeSpread,
    total: game.total,
  }));
  const result = await tx.execute<{
    id: number;
    feed_event_id: string;
    status: GameRow['status'];
    starts_at: string;
    to_grade: boolean;
  }>(sql`
    insert into games as g (sport, feed_event_id, home_abbreviation, home_name,
      away_abbreviation, away_name, starts_at, scheduled_at, status, home_score, away_score,
      period, clock, detail, home_spread, total, fetched_at, missing_from_feed)
    select ${sport}, x.feed_event_id, x.home_abbreviation, x.home_name, x.away_abbreviation,
      x.away_name, coalesce(x.starts_at, e.starts_at), coalesce(x.starts_at, e.starts_at),
      x.status, x.home_score, x.away_score, x.period, x.clock, x.detail, x.home_spread,
      x.total, now(), false
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(feed_event_id text,
      home_abbreviation text, home_name text, away_abbreviation text, away_name text,
      starts_at timestamptz, status text, home_score integer, away_score integer,
      period integer, clock text, detail text, home_spread numeric, total numeric)
    left join games e on e.sport = ${sport} and e.feed_event_id = x.feed_event_id
    on conflict (sport, feed_event_id) do update set
      home_abbreviation = excluded.home_abbreviation,
      home_name = excluded.home_name,
      away_abbreviation = excluded.away_abbreviation,
      away_name = excluded.away_name,
      starts_at = excluded.starts_at,
      status = excluded.status,
      home_score = excluded.home_score,
      away_score = excluded.away_score,
      period = excluded.period,
      clock = excluded.clock,
      detail = excluded.detail,
      -- The feed drops its lines once a game starts: the last ones it gave stay.
      home_spread = coalesce(excluded.home_spread, g.home_spread),
      total = coalesce(excluded.total, g.total),
      fetched_at = excluded.fetched_at,
      missing_from_feed = false,
      graded_at = case
        when (g.status, g.home_score, g.away_score, g.starts_at)
          is distinct from (excluded.status, excluded.home_score, excluded.away_score, excluded.starts_at)
        then null else g.graded_at end
    returning g.id, g.feed_event_id, g.status, g.starts_at, g.graded_at is null as to_grade`);
  return result.rows.map((row) => ({
    id: row.id,
    feedEventId: row.feed_event_id,
    status: row.status,
    startsAt: new Date(row.starts_at),
    toGrade: row.to_grade,
  }));
}

/** Props whose lock time was the start follow it to the new one, picks kept; master props carry their copies. */
async function moveLockTimes(tx: Tx, moved: { id: number; from: Date }[]) {
  if (moved.length === 0) return;
  const changes = sql.join(
    moved.map((game) => sql`(${game.id}::integer, ${game.from.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`
    update props p set game_date = g.starts_at
    from (values ${changes}) as m(game_id, previous), games g
    where g.id = m.game_id and p.game_id = m.game_id and p.game_date = m.previous
      and p.result is null and not p.is_imported`);
  const masters = await tx.execute<{ id: number }>(sql`
    update master_props p set game_date = g.starts_at, updated_at = now()
    from (values ${changes}) as m(game_id, previous), games g
    where g.id = m.game_id and p.game_id = m.game_id and p.game_date = m.previous
      and p.result is null
    returning p.id`);
  await applyMastersToCopies(
    tx,
    masters.rows.map((row) => row.id),
    null,
  );
}
