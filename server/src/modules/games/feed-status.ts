import { inArray, sql } from 'drizzle-orm';
import type { ScoresFeedStatus } from '@shared/contract/games';
import { FEED_SPORTS } from '@shared/sports';
import type { Db } from '../../db/client';
import { games, scoresFeedStatus, type GameRow } from '../../db/schema';
import { toGameView } from './games.service';

const LIST_MAX = 100;

const linked = sql`(exists (select 1 from props p where p.game_id = ${games.id})
  or exists (select 1 from master_props m where m.game_id = ${games.id}))`;

/** Games props depend on that started and are not graded, and props flagged for a person. */
export async function scoresFeedStatusOf(
  db: Db,
  feed: { name: string } | null,
): Promise<ScoresFeedStatus> {
  const stored = new Map((await db.select().from(scoresFeedStatus)).map((row) => [row.sport, row]));
  const waiting = await db
    .select()
    .from(games)
    .where(sql`${games.startsAt} <= now() and ${games.gradedAt} is null and ${linked}`)
    .orderBy(games.startsAt, games.id)
    .limit(LIST_MAX);
  const flagged = await db.execute<{
    prediction_id: number | null;
    master_prop_id: number | null;
    group_id: number | null;
    group_name: string | null;
    title: string;
    game_id: number;
  }>(sql`
    (select p.id as prediction_id, null::integer as master_prop_id, p.group_id,
        gr.name as group_name, p.title, p.game_id
      from props p join games g on g.id = p.game_id join groups gr on gr.id = p.group_id
      where p.game_id is not null and g.missing_from_feed and p.result is null
        and not p.is_imported)
    union all
    (select null, m.id, null, null, m.title, m.game_id
      from master_props m join games g on g.id = m.game_id
      where m.game_id is not null and g.missing_from_feed and m.result is null)
    order by game_id, title
    limit ${LIST_MAX}`);
  const flaggedGames = new Map<number, GameRow>();
  const gameIds = [...new Set(flagged.rows.map((row) => row.game_id))];
  if (gameIds.length > 0) {
    const rows = await db.select().from(games).where(inArray(games.id, gameIds));
    for (const row of rows) flaggedGames.set(row.id, row);
  }
  return {
    enabled: feed !== null,
    feed: feed?.name ?? 'off',
    sports: FEED_SPORTS.map((sport) => {
      const row = stored.get(sport);
      const success = row?.lastSuccessAt ?? null;
      const error = row?.lastErrorAt ?? null;
      return {
        sport,
        state: error && (!success || error > success) ? 'unreachable' : success ? 'ok' : 'never',
        lastSuccessAt: success?.toISOString() ?? null,
        lastErrorAt: error?.toISOString() ?? null,
        lastError: row?.lastError ?? null,
      };
    }),
    waiting: waiting.map(toGameView),
    flagged: flagged.rows.flatMap((row) => {
      const game = flaggedGames.get(row.game_id);
      return game
        ? [
            {
              predictionId: row.prediction_id,
              masterPropId: row.master_prop_id,
              groupId: row.group_id,
              groupName: row.group_name,
              title: row.title,
              game: toGameView(game),
            },
          ]
        : [];
    }),
  };
}
