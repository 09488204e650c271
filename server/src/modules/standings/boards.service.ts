import { sql } from 'drizzle-orm';
import { ROUND_NOT_FOUND } from '@shared/contract/exports';
import type { LeaderboardEntry } from '@shared/contract/props';
import { SEASON_NOT_FOUND } from '@shared/contract/rounds';
import { seasonTotalOf } from '@shared/domain/drop-worst';
import { roundsCountingFor } from '@shared/domain/rounds';
import { winRatePercent } from '@shared/domain/group-stats';
import {
  rankRound,
  rankSeason,
  roundDecision,
  seasonDecision,
  seasonTiebreakerDistance,
} from '@shared/domain/tiebreaker';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';

/**
 * The boards of product rules §10: a season's (the current one from the stored standings,
 * an archived one from `season_standings`) and a round's (from `round_standings`), ranked
 * by the shared rules in `tiebreaker.ts` and `drop-worst.ts`. Two statements each, whatever
 * the group's size: what the rounds hold, then one row per member.
 */

type Executor = Pick<Db, 'execute'>;

export interface BoardQuery {
  round?: number;
  season?: number;
}

interface BoardMember {
  userId: number | null;
  displayName: string;
  wins: number;
  losses: number;
  pending: number;
  points: number;
  pointsBeforeDrop: number;
  roundWins: number;
  position: number;
  rounds?: { counted: number; total: number } | undefined;
}

function entryOf(member: BoardMember, decision: LeaderboardEntry['decision']): LeaderboardEntry {
  return {
    ...(member.rounds && { rounds: member.rounds }),
    user: { id: member.userId, displayName: member.displayName },
    wins: member.wins,
    losses: member.losses,
    pending: member.pending,
    percentage: winRatePercent(member.wins, member.losses),
    position: member.position,
    points: member.points,
    pointsBeforeDrop: member.pointsBeforeDrop,
    roundWins: member.roundWins,
    decision: member.position === 1 ? decision : null,
  };
}

export interface SeasonRound {
  id: number;
  index: number;
  startsAt: string;
  propCount: number;
  complete: boolean;
  /** The tiebreaker's actual figure; null without one or while unknown. */
  actual: number | null;
}

interface SeasonRow extends Record<string, unknown> {
  group_id: number;
  season_id: number;
  archived: boolean;
  drop_worst: number;
  rounds: SeasonRound[];
}

interface MemberRow extends Record<string, unknown> {
  group_id: number;
  user_id: number | null;
  display_name: string;
  wins: number;
  losses: number;
  pending: number;
  points: number;
  points_before_drop: number | null;
  round_wins: number;
  /** Archived boards only: the rank stored when the season ended. */
  rank: number | null;
  /** By round id: points in each round (only when rounds are dropped). */
  round_points: Record<string, number> | null;
  /** By round id: the member's answer to each tiebreaker whose figure is known. */
  answers: Record<string, number> | null;
  /** By round id: how many of its props do not count for this late joiner. */
  exempt: Record<string, number> | null;
}

const intArray = (values: readonly number[]) => `{${values.join(',')}}`;
const ids = (rounds: readonly SeasonRound[]) => intArray(rounds.map((round) => round.id));

/** A join of each member's `column` of `table` by round id (`by_round`), over `rounds`. */
export const perRound = (table: string, column: string, rounds: readonly SeasonRound[]) => sql`
  left join (
    select user_id, json_object_agg(round_id, ${sql.raw(column)}) as by_round
    from ${sql.raw(table)} where round_id = any(${ids(rounds)}::int[]) group by user_id
  )`;

/**
 * A join of how many props of each of `rounds` do not count for a late joiner (`by_round`),
 * in the groups `groupIds`.
 */
export const exemptionsPerRound = (
  groupIds: readonly number[],
  rounds: readonly SeasonRound[],
) => sql`
  left join (
    select user_id, json_object_agg(round_id, exempt) as by_round
    from (
      select e.user_id, p.round_id, count(*)::int as exempt
      from standing_exemptions e join props p on p.id = e.prop_id
      where e.group_id = any(${intArray(groupIds)}::int[]) and p.round_id = any(${ids(rounds)}::int[])
      group by e.user_id, p.round_id
    ) counted group by user_id
  )`;

/**
 * A member's total tiebreaker distance over `known` (rounds whose figure is known), leaving
 * out the rounds whose every prop is exempt for them.
 */
export const distanceOver = (
  known: readonly SeasonRound[],
  answers: Record<string, number> | null,
  exempt: Record<string, number> | null,
) =>
  seasonTiebreakerDistance(
    roundsCountingFor(known, exempt).map((round) => ({
      answer: answers?.[round.id] ?? null,
      actual: round.actual,
    })),
  );

/**
 * The season each group's board reads, with its rounds: `seasonId` when given (for one
 * group), else each group's current one.
 */
async function seasonsOf(db: Executor, groupIds: readonly number[], seasonId?: number) {
  const { rows } = await db.execute<SeasonRow>(sql`
    select s.group_id, s.id as season_id, s.ended_at is not null as archived,
      g.drop_worst_rounds as drop_worst, coalesce(rs.rounds, '[]') as rounds
    from seasons s
    join groups g on g.id = s.group_id
    left join lateral (
      select json_agg(json_build_object('id', r.id, 'index', r.index, 'startsAt', r.starts_at,
        'propCount', c.prop_count,
        'complete', c.open_count = 0, 'actual', t.actual) order by r.index) as rounds
      from rounds r
      join lateral (
        select count(*)::int as prop_count,
          (count(*) filter (where p.result is null))::int as open_count
        from props p where p.round_id = r.id) c on c.prop_count > 0
      left join round_tiebreakers t on t.round_id = r.id
      where r.season_id = s.id) rs on true
    where s.group_id = any(${intArray(groupIds)}::int[])
      and ${seasonId === undefined ? sql`s.ended_at is null` : sql`s.id = ${seasonId}`}`);
  return rows;
}

/** The season a board reads and its rounds: 404 when it is not the group's. */
export async function seasonOf(db: Executor, groupId: number, seasonId: number | undefined) {
  const [row] = await seasonsOf(db, [groupId], seasonId);
  if (!row) throw notFound(SEASON_NOT_FOUND);
  return row;
}

/**
 * A season's board: points after dropped rounds, then round wins, then the total distance
 * of the member's tiebreaker answers, then the win rate (decision 0109). Equal entries are
 * listed by name.
 */
export async function seasonBoardOf(
  db: Executor,
  groupId: number,
  seasonId?: number,
): Promise<LeaderboardEntry[]> {
  const season = await seasonOf(db, groupId, seasonId);
  return rankedBoardOf(season, await memberRowsOf(db, [season]));
}

/** The current season's board of each of `groupIds`: two statements for them all. */
export async function seasonBoardsOf(
  db: Executor,
  groupIds: readonly number[],
): Promise<Map<number, LeaderboardEntry[]>> {
  if (groupIds.length === 0) return new Map();
  const seasons = await seasonsOf(db, groupIds);
  const rows = await memberRowsOf(db, seasons);
  return new Map(
    seasons.map((season) => [
      Number(season.group_id),
      rankedBoardOf(
        season,
        rows.filter((row) => Number(row.group_id) === Number(season.group_id)),
      ),
    ]),
  );
}

/**
 * One row per member of each season's board: an archived season's stored rows (one season
 * alone), else the current seasons' stored standings.
 */
async function memberRowsOf(db: Executor, seasons: readonly SeasonRow[]) {
  if (seasons.length === 0) return [];
  const archived = seasons.find((season) => season.archived);
  const groupIds = seasons.map((season) => Number(season.group_id));
  const rounds = seasons.flatMap((season) => season.rounds);
  const known = rounds.filter((round) => round.actual !== null);
  const dropped = seasons.flatMap((season) =>
    !season.archived && season.drop_worst > 0 ? season.rounds : [],
  );
  const { rows } = await db.execute<MemberRow>(sql`
    select m.group_id, m.user_id, m.display_name, m.wins, m.losses, m.pending, m.points,
      m.points_before_drop, m.round_wins, m.rank,
      rp.by_round as round_points, a.by_round as answers, x.by_round as exempt
    from (${
      archived
        ? sql`select ${archived.group_id}::int as group_id, user_id, display_name, wins, losses,
            0 as pending, points, points_before_drop, round_wins, rank
          from season_standings where season_id = ${archived.season_id}`
        : sql`select s.group_id, s.user_id, s.display_name, s.wins, s.losses, s.pending, s.points,
            null::int as points_before_drop, coalesce(w.won, 0) as round_wins, null::int as rank
          from standings s
          left join (
            select r.group_id, w.user_id, count(*)::int as won
            from round_winners w join rounds r on r.id = w.round_id
            where w.round_id = any(${ids(rounds)}::int[]) and w.user_id is not null
            group by r.group_id, w.user_id
          ) w on w.group_id = s.group_id and w.user_id = s.user_id
          where s.group_id = any(${intArray(groupIds)}::int[])`
    }) m
    ${perRound('round_standings', 'points', dropped)} rp on rp.user_id = m.user_id
    ${perRound('tiebreaker_answers', 'value', known)} a on a.user_id = m.user_id
    ${exemptionsPerRound(groupIds, rounds)} x on x.user_id = m.user_id
    order by m.rank nulls last, lower(m.display_name), m.user_id`);
  return rows;
}

/** A season's members ranked by the shared rules; an archived board keeps its stored ranks. */
function rankedBoardOf(season: SeasonRow, rows: readonly MemberRow[]): LeaderboardEntry[] {
  const known = season.rounds.filter((round) => round.actual !== null);
  const dropping = !season.archived && season.drop_worst > 0;
  const members = rows.map((row) => {
    const tiebreakerDistance = distanceOver(known, row.answers, row.exempt);
    const total = dropping
      ? seasonTotalOf(
          season.rounds.map((round) => ({
            index: round.index,
            points: row.round_points?.[round.id] ?? 0,
            complete: round.complete,
          })),
          season.drop_worst,
        )
      : {
          points: Number(row.points),
          pointsBeforeDrop: Number(row.points_before_drop ?? row.points),
        };
    const counted = roundsCountingFor(season.rounds, row.exempt).length;
    return {
      userId: row.user_id === null ? null : Number(row.user_id),
      displayName: row.display_name,
      wins: Number(row.wins),
      losses: Number(row.losses),
      pending: Number(row.pending),
      points: total.points,
      pointsBeforeDrop: total.pointsBeforeDrop,
      roundWins: Number(row.round_wins),
      tiebreakerDistance,
      rank: row.rank === null ? null : Number(row.rank),
      rounds: counted < season.rounds.length ? { counted, total: season.rounds.length } : undefined,
    };
  });
  const ranked = season.archived
    ? members.map((member) => ({ ...member, position: member.rank ?? members.length }))
    : rankSeason(members);
  const decision = seasonDecision(ranked);
  return ranked.map((member) => entryOf(member, decision));
}

interface RoundMetaRow extends Record<string, unknown> {
  actual: number | null;
}

interface RoundMemberRow extends Record<string, unknown> {
  user_id: number;
  display_name: string;
  points: number;
  wins: number;
  losses: number;
  pending: number;
  won: boolean;
  value: number | null;
  answered_at: string | null;
}

/**
 * One round's board: every contestant (0 without a pick in it), by points, then the
 * distance to the tiebreaker's figure, then the earlier answer.
 */
export async function roundBoardOf(
  db: Executor,
  groupId: number,
  roundId: number,
): Promise<LeaderboardEntry[]> {
  const { rows: meta } = await db.execute<RoundMetaRow>(sql`
    select t.actual from rounds r left join round_tiebreakers t on t.round_id = r.id
    where r.id = ${roundId} and r.group_id = ${groupId}`);
  if (meta.length === 0) throw notFound(ROUND_NOT_FOUND);
  const actual = meta[0]?.actual ?? null;
  const { rows } = await db.execute<RoundMemberRow>(sql`
    select m.user_id, u.display_name, coalesce(r.points, 0)::int as points,
      coalesce(r.wins, 0)::int as wins, coalesce(r.losses, 0)::int as losses,
      coalesce(pd.pending, 0)::int as pending,
      exists (select 1 from round_winners w where w.round_id = ${roundId} and w.user_id = m.user_id)
        as won,
      a.value, a.answered_at
    from group_members m
    join users u on u.id = m.user_id
    left join round_standings r on r.round_id = ${roundId} and r.user_id = m.user_id
    left join (
      select pk.user_id, count(*)::int as pending from picks pk join props p on p.id = pk.prop_id
      where p.round_id = ${roundId} and p.result is null group by pk.user_id
    ) pd on pd.user_id = m.user_id
    left join tiebreaker_answers a on a.round_id = ${roundId} and a.user_id = m.user_id
    where m.group_id = ${groupId} and m.is_contestant
    order by lower(u.display_name), m.user_id`);
  const ranked = rankRound(
    rows.map((row) => ({
      userId: Number(row.user_id),
      displayName: row.display_name,
      wins: Number(row.wins),
      losses: Number(row.losses),
      pending: Number(row.pending),
      points: Number(row.points),
      pointsBeforeDrop: Number(row.points),
      roundWins: row.won ? 1 : 0,
      tiebreaker:
        row.value === null || row.answered_at === null
          ? null
          : { value: Number(row.value), answeredAt: new Date(row.answered_at) },
    })),
    actual === null ? null : Number(actual),
  );
  const decision = roundDecision(ranked, actual === null ? null : Number(actual));
  return ranked.map((member) => entryOf(member, decision));
}

/** The board a leaderboard request names: a round's, an archived season's or the current one. */
export async function boardOf(
  db: Executor,
  groupId: number,
  query: BoardQuery,
): Promise<LeaderboardEntry[]> {
  return query.round === undefined
    ? seasonBoardOf(db, groupId, query.season)
    : roundBoardOf(db, groupId, query.round);
}
