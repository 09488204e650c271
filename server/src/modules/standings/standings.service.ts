import { sql } from 'drizzle-orm';
import type { MemberStats } from '@shared/contract/props';
import { winRatePercent, type MemberRecord } from '@shared/domain/group-stats';
import { lockStateOf, type GroupLockSettings } from '@shared/domain/lock-state';
import type { Db, Tx } from '../../db/client';
import { groupTallies, standingExemptions, standings } from '../../db/schema';
import { seasonPlacesOf } from './season-places';

/**
 * Reads of the stored standings, kept by triggers in every write's transaction, so a read
 * never counts picks. A member's place is the season board's (`season-places.ts`); the
 * boards themselves are `boards.service.ts`.
 */

interface OwnRow extends Record<string, unknown> {
  wins: number | null;
  losses: number | null;
  pending: number | null;
  contestants: number;
}

/** Read by every member's page and after each live change: one prepared statement. */
const MEMBER_STATS_QUERY = {
  name: 'member-stats',
  text: `select s.wins, s.losses, s.pending, t.contestants
    from group_tallies t
    left join standings s on s.group_id = t.group_id and s.user_id = $2
    where t.group_id = $1`,
};

/**
 * At the group's `version` (its place is the season board's). A non-contestant (the
 * operator in their official event): zeros, position 0.
 */
export async function memberStatsOf(
  db: Db,
  groupId: number,
  userId: number,
  version: string,
): Promise<MemberStats> {
  const [{ rows }, places] = await Promise.all([
    db.$client.query<OwnRow>({ ...MEMBER_STATS_QUERY, values: [groupId, userId] }),
    seasonPlacesOf(db, [{ id: groupId, version }])[0]!,
  ]);
  const row = rows[0];
  const wins = Number(row?.wins ?? 0);
  const losses = Number(row?.losses ?? 0);
  return {
    wins,
    losses,
    pending: Number(row?.pending ?? 0),
    winRate: winRatePercent(wins, losses),
    position: places.get(userId) ?? 0,
    totalMembers: Number(row?.contestants ?? 0),
  };
}

export interface CardStanding {
  record: MemberRecord | null;
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
}

/** For a groups row aliased `g`: one index lookup each per group, whatever its size. */
export const cardStandingColumns = () => sql`
  t.contestants, t.valid_props, t.decided_props,
  s.wins, s.losses, s.pending, s.picks_made`;

export const cardStandingJoins = (userId: number) => sql`
  join ${groupTallies} t on t.group_id = g.id
  left join ${standings} s on s.group_id = g.id and s.user_id = ${userId}`;

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
    contestants: Number(row.contestants ?? 0),
    validProps: Number(row.valid_props ?? 0),
    decidedProps: Number(row.decided_props ?? 0),
  };
}

/**
 * Inside the join's transaction: the props locked right now count for the new member only
 * if they pick them, which they cannot, so a prop decided before they came is no loss.
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
