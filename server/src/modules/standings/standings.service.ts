import { sql, type SQL } from 'drizzle-orm';
import type { LeaderboardEntry, MemberStats } from '@shared/contract/props';
import { winRatePercent, type MemberRecord } from '@shared/domain/group-stats';
import { lockStateOf, type GroupLockSettings } from '@shared/domain/lock-state';
import type { Db, Tx } from '../../db/client';
import { standingExemptions } from '../../db/schema';

/**
 * Reads of the stored standings (decision 0013): the leaderboard, the stats card and the
 * home cards all come from here. The rows are kept current by database triggers in the
 * same transaction as every write to picks, props and memberships, so a read never counts
 * picks. A ranked board's page is a range of standings_board_idx and a position a count
 * over that index's prefix, whatever the group's size; a smaller group's board (decision
 * 0034) is its few rows, sorted.
 */

type Executor = Pick<Db, 'execute'>;

interface BoardRow extends Record<string, unknown> {
  user_id: number;
  display_name: string;
  wins: number;
  losses: number;
  pending: number;
  position: number;
}

export interface BoardPage {
  limit?: number;
  offset?: number;
}

/**
 * The columns a board is ordered by (decision 0034): a ranked board's are in
 * standings_board_idx (and null on every other board), a small board's are its own.
 */
const RANKED_KEYS = { wins: 'board_wins', rate: 'board_win_rate' } as const;
const SMALL_KEYS = { wins: 'wins', rate: 'win_rate' } as const;
type BoardKeys = typeof RANKED_KEYS | typeof SMALL_KEYS;

/** The ranking by those keys: wins, then win rate (equal in both, a shared position). */
const boardOrder = ({ wins, rate }: BoardKeys) => `s.${wins} desc, s.${rate} desc`;

/**
 * The board, best first (wins, then win rate; ties share a position and are listed by
 * display name), or one page of it. The positions are the whole board's: rank() runs over
 * the board's order from the top, and the scan stops at the end of the page. A ranked
 * board is read in the order of its index; a smaller one (its rows not ranked, known from
 * its tally before any row is read) is sorted in the same order from its own columns.
 */
export async function leaderboardOf(
  db: Executor,
  groupId: number,
  page: BoardPage = {},
): Promise<LeaderboardEntry[]> {
  const branch = (keys: BoardKeys, which: SQL) => sql`
    (select s.user_id, s.display_name, s.wins, s.losses, s.pending,
      rank() over (order by ${sql.raw(boardOrder(keys))})::int as position
    from standings s
    where s.group_id = ${groupId} and ${which}
    order by ${sql.raw(boardOrder(keys))}, lower(s.display_name), s.user_id
    limit ${page.limit ?? null} offset ${page.offset ?? 0})`;
  const { rows } = await db.execute<BoardRow>(sql`
    ${branch(RANKED_KEYS, sql`s.ranked`)}
    union all
    ${branch(
      SMALL_KEYS,
      sql`not s.ranked and not (select standings_ranked(t.contestants) from group_tallies t
        where t.group_id = ${groupId})`,
    )}`);
  return rows.map((row) => ({
    user: { id: Number(row.user_id), displayName: row.display_name },
    wins: Number(row.wins),
    losses: Number(row.losses),
    pending: Number(row.pending),
    percentage: winRatePercent(Number(row.wins), Number(row.losses)),
    position: Number(row.position),
  }));
}

/** How many standings `b` of `s`'s board are strictly better than `s` by these keys. */
const betterThanS = ({ wins, rate }: BoardKeys, which: string) => `(
    select count(*) from standings b
    where b.group_id = s.group_id${which} and b.${wins} >= s.${wins}
      and (b.${wins} > s.${wins} or b.${rate} > s.${rate}))`;

/**
 * A contestant's position: 1 + the standings strictly better (more wins, or as many at a
 * higher win rate), so equal standings share it, as rankLeaderboard does. Counted over
 * the board index's prefix on a ranked board, else over the group's few rows. Of the
 * standing `s`; SQL text, for both the ORM's queries and the prepared ones.
 */
const POSITION_OF_S = `(1 + case when s.ranked then ${betterThanS(RANKED_KEYS, ' and b.ranked')}
  else ${betterThanS(SMALL_KEYS, '')} end)::int`;

interface OwnRow extends Record<string, unknown> {
  wins: number | null;
  losses: number | null;
  pending: number | null;
  position: number | null;
  contestants: number;
}

/**
 * The personal stats card, read by every member's group page and again after each live
 * change: one prepared statement (parsed and planned once per pooled connection).
 */
const MEMBER_STATS_QUERY = {
  name: 'member-stats',
  text: `select s.wins, s.losses, s.pending,
      case when s.user_id is null then 0 else ${POSITION_OF_S} end as position,
      t.contestants
    from group_tallies t
    left join standings s on s.group_id = t.group_id and s.user_id = $2
    where t.group_id = $1`,
};

/**
 * The personal stats card. Someone on the group who is not a contestant (the operator in
 * an official event they run) has no standing: zeros, position 0, and the contestants as
 * the total.
 */
export async function memberStatsOf(db: Db, groupId: number, userId: number): Promise<MemberStats> {
  const { rows } = await db.$client.query<OwnRow>({
    ...MEMBER_STATS_QUERY,
    values: [groupId, userId],
  });
  const row = rows[0];
  const wins = Number(row?.wins ?? 0);
  const losses = Number(row?.losses ?? 0);
  return {
    wins,
    losses,
    pending: Number(row?.pending ?? 0),
    winRate: winRatePercent(wins, losses),
    position: Number(row?.position ?? 0),
    totalMembers: Number(row?.contestants ?? 0),
  };
}

/** What a home card shows of the stored standings, for one group. */
export interface CardStanding {
  record: MemberRecord | null;
  position: number | null;
  contestants: number;
  validProps: number;
  decidedProps: number;
}

interface CardRow extends Record<string, unknown> {
  group_id: number;
  contestants: number;
  valid_props: number;
  decided_props: number;
  wins: number | null;
  losses: number | null;
  pending: number | null;
  picks_made: number | null;
  position: number | null;
}

/**
 * The columns a home card needs from the standings, as a SQL fragment to join on a
 * groups row aliased `g`: the group's tallies and the viewer's own standing and position.
 * One index lookup each per group, whatever the group's size.
 */
export const cardStandingColumns = () => sql`
  t.contestants, t.valid_props, t.decided_props,
  s.wins, s.losses, s.pending, s.picks_made,
  case when s.user_id is null then null
    else ${sql.raw(POSITION_OF_S)} end as position`;

export const cardStandingJoins = (userId: number) => sql`
  join group_tallies t on t.group_id = g.id
  left join standings s on s.group_id = g.id and s.user_id = ${userId}`;

export function cardStandingOf(row: Partial<CardRow>): CardStanding {
  const hasStanding = row.wins !== null && row.wins !== undefined;
  return {
    record: hasStanding
      ? {
          wins: Number(row.wins),
          losses: Number(row.losses),
          pending: Number(row.pending),
          picksMade: Number(row.picks_made),
        }
      : null,
    position: hasStanding ? Number(row.position) : null,
    contestants: Number(row.contestants ?? 0),
    validProps: Number(row.valid_props ?? 0),
    decidedProps: Number(row.decided_props ?? 0),
  };
}

/**
 * Late joiners (decision 0013): inside the join's transaction, after the membership row,
 * records the group's props that lockStateOf says are locked right now. Those count for
 * the new member only if they pick them, which they cannot, so a prop decided (or whose
 * game started) before they came is never their loss.
 */
export async function recordLateJoin(
  tx: Tx,
  group: { id: number } & GroupLockSettings,
  userId: number,
  now: Date,
): Promise<void> {
  const { rows } = await tx.execute<{
    id: number;
    result: string | null;
    game_date: string | null;
  }>(sql`select id, result, game_date from props where group_id = ${group.id}`);
  const locked = rows.filter(
    (prop) => lockStateOf({ result: prop.result, gameDate: prop.game_date }, group, now).locked,
  );
  if (locked.length === 0) return;
  await tx
    .insert(standingExemptions)
    .values(locked.map((prop) => ({ groupId: group.id, userId, propId: Number(prop.id) })));
}
