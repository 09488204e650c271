import { sql } from 'drizzle-orm';
import type { LeaderboardEntry, MemberStats } from '@shared/contract/props';
import { rankLeaderboard, winRatePercent } from '@shared/domain/group-stats';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';

interface StandingRow extends Record<string, unknown> {
  user_id: number;
  display_name: string;
  wins: number;
  losses: number;
  pending: number;
}

/**
 * Every member's wins, losses and pending picks in one query, whatever the group size,
 * counted with the scoring rule of shared/domain/group-stats.ts: void ('N/A') props are
 * left out; on a decided prop a matching pick wins and anything else (a wrong pick or no
 * pick) loses, so losses = decided props - wins; picks on props without a result are
 * pending. Ranking is rankLeaderboard's (wins, then win rate; ties share a position), with
 * display names alphabetical within a tie so the order is stable.
 */
export async function leaderboardOf(db: Db, groupId: number): Promise<LeaderboardEntry[]> {
  const { rows } = await db.execute<StandingRow>(sql`
    with decided as (
      select count(*)::int as props
      from props
      where group_id = ${groupId} and result is not null and result <> 'N/A'
    ),
    tallies as (
      select k.user_id,
        count(*) filter (where p.result <> 'N/A' and k.selected_option = p.result)::int as wins,
        count(*) filter (where p.result is null)::int as pending
      from picks k
      join props p on p.id = k.prop_id
      where k.group_id = ${groupId}
      group by k.user_id
    )
    select m.user_id, u.display_name,
      coalesce(t.wins, 0) as wins,
      d.props - coalesce(t.wins, 0) as losses,
      coalesce(t.pending, 0) as pending
    from group_members m
    join users u on u.id = m.user_id
    cross join decided d
    left join tallies t on t.user_id = m.user_id
    where m.group_id = ${groupId}
    order by lower(u.display_name), m.user_id`);
  const standings = rows.map((row) => ({
    user: { id: Number(row.user_id), displayName: row.display_name },
    wins: Number(row.wins),
    losses: Number(row.losses),
    pending: Number(row.pending),
    percentage: winRatePercent(Number(row.wins), Number(row.losses)),
  }));
  return rankLeaderboard(standings);
}

/** The personal stats card: the viewer's own line of the leaderboard (same one query). */
export async function memberStatsOf(db: Db, groupId: number, userId: number): Promise<MemberStats> {
  const board = await leaderboardOf(db, groupId);
  const own = board.find((entry) => entry.user.id === userId);
  if (!own) throw notFound('Group not found');
  return {
    wins: own.wins,
    losses: own.losses,
    pending: own.pending,
    winRate: own.percentage,
    position: own.position,
    totalMembers: board.length,
  };
}
