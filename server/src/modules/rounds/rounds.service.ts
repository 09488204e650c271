import { sql } from 'drizzle-orm';
import { SEASON_NOT_FOUND, type RoundInfo } from '@shared/contract/rounds';
import { roundLabel } from '@shared/domain/rounds';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';

type Executor = Pick<Db, 'execute'>;

/**
 * The season a read names: `?season=` when given (none unless it is the group's), else the
 * group's current one. A subquery for a `from`, aliased `s`.
 */
export const seasonOfGroup = (groupId: number, seasonId: number | undefined) => sql`
  (select * from seasons where group_id = ${groupId}
    and ${seasonId === undefined ? sql`ended_at is null` : sql`id = ${seasonId}`}) s`;

interface RoundRow extends Record<string, unknown> {
  id: number | null;
  index: number | null;
  starts_at: string | null;
  ends_at: string | null;
  prop_count: number | null;
  open_count: number | null;
  winners: { userId: number | null; displayName: string }[] | null;
}

const isoOf = (value: string | Date) => new Date(value).toISOString();

/**
 * A season's rounds, first week first, each with its props counted and its recorded
 * winners: one statement, every part an index lookup (rounds by season, props by round,
 * winners by round). A week whose props all left is no round.
 */
export async function roundsOf(
  db: Executor,
  groupId: number,
  seasonId: number | undefined,
): Promise<RoundInfo[]> {
  const { rows } = await db.execute<RoundRow>(sql`
    select r.id, r.index, r.starts_at, r.ends_at, c.prop_count, c.open_count, w.winners
    from ${seasonOfGroup(groupId, seasonId)}
    left join rounds r on r.season_id = s.id
    left join lateral (
      select count(*)::int as prop_count,
        (count(*) filter (where p.result is null))::int as open_count
      from props p where p.round_id = r.id) c on true
    left join lateral (
      select json_agg(json_build_object('userId', rw.user_id, 'displayName', rw.display_name)
        order by lower(rw.display_name), rw.user_id) as winners
      from round_winners rw where rw.round_id = r.id) w on true
    order by r.index`);
  if (rows.length === 0) throw notFound(SEASON_NOT_FOUND);
  return rows.flatMap((row) => {
    if (row.id === null || row.index === null || !row.prop_count) return [];
    return [
      {
        id: Number(row.id),
        label: roundLabel(Number(row.index)),
        startsAt: isoOf(row.starts_at ?? ''),
        endsAt: isoOf(row.ends_at ?? ''),
        propCount: Number(row.prop_count),
        complete: Number(row.open_count) === 0,
        winners: row.winners ?? [],
      },
    ];
  });
}
