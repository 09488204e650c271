import { and, asc, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { UserGroupSummary } from '@shared/contract/users';
import { cardStatsFromCounts, type MemberRecord } from '@shared/domain/group-stats';
import { isGroupLocked, lockStateOf } from '@shared/domain/lock-state';
import type { Db } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import type { SessionUser } from '../auth/sessions';

export async function updateDisplayName(
  db: Db,
  userId: number,
  displayName: string,
): Promise<SessionUser> {
  const [user] = await db.update(users).set({ displayName }).where(eq(users.id, userId)).returning({
    id: users.id,
    username: users.username,
    displayName: users.displayName,
    isAdmin: users.isAdmin,
  });
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Deleting an account must not take other people's groups with it: each group the user
 * leads passes to its longest-standing other member, and only groups nobody else is in
 * are deleted. Sessions, memberships and picks go with the account (foreign keys).
 */
export async function deleteAccount(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const led = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.leaderId, userId))
      .for('update');
    for (const { id: groupId } of led) {
      const [successor] = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, userId)))
        .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId))
        .limit(1);
      if (successor) {
        await tx.update(groups).set({ leaderId: successor.userId }).where(eq(groups.id, groupId));
      } else {
        await tx.delete(groups).where(eq(groups.id, groupId));
      }
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
}

interface RecordRow extends Record<string, unknown> {
  group_id: number;
  wins: number;
  losses: number;
  pending: number;
  picks_made: number;
  valid_props: number;
  decided_props: number;
  position: number;
}

interface OpenPropRow extends Record<string, unknown> {
  group_id: number;
  game_date: Date | string | null;
}

const NO_RECORD: MemberRecord = { wins: 0, losses: 0, pending: 0, picksMade: 0 };

/**
 * The signed-in home's cards: the groups the user is in and every official event they have
 * not joined (isJoined false), newest first. Three queries whatever the number of groups,
 * members or props:
 * 1. the groups with the viewer's membership and member counts;
 * 2. the viewer's record and leaderboard position in each group, counted and ranked by the
 *    database with the scoring rule of shared/domain/group-stats.ts (void props left out;
 *    a decided prop not picked is a loss, so losses = decided props - wins; rank by wins,
 *    then win rate, ties sharing a position);
 * 3. the props the viewer has not picked and that have no result, which lockStateOf judges
 *    at the server's clock, so "remaining" means props the viewer can still pick.
 */
export async function listUserGroups(db: Db, userId: number): Promise<UserGroupSummary[]> {
  const now = new Date();
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      createdAt: groups.createdAt,
      isOfficial: groups.isOfficial,
      leaderId: groups.leaderId,
      isLocked: groups.isLocked,
      lockType: groups.lockType,
      lockValue: groups.lockValue,
      trackPaymentStatus: groups.trackPaymentStatus,
      memberId: groupMembers.userId,
      isPaid: groupMembers.isPaid,
      memberCount:
        sql<number>`(select count(*) from group_members m where m.group_id = ${groups.id})`.mapWith(
          Number,
        ),
    })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(or(isNotNull(groupMembers.userId), eq(groups.isOfficial, true)))
    .orderBy(desc(groups.createdAt), desc(groups.id));

  const joined = rows.filter((row) => row.memberId !== null);
  const records = new Map<number, RecordRow>();
  const remaining = new Map<number, number>();
  if (joined.length > 0) {
    const [recordResult, openResult] = await Promise.all([
      db.execute<RecordRow>(viewerRecordsQuery(userId)),
      db.execute<OpenPropRow>(sql`
        select p.group_id, p.game_date
        from props p
        join group_members m on m.group_id = p.group_id and m.user_id = ${userId}
        where p.result is null
          and not exists (select 1 from picks k where k.prop_id = p.id and k.user_id = ${userId})`),
    ]);
    for (const row of recordResult.rows) records.set(Number(row.group_id), row);
    const settingsById = new Map(joined.map((row) => [row.id, row]));
    for (const prop of openResult.rows) {
      const groupId = Number(prop.group_id);
      const settings = settingsById.get(groupId);
      if (!settings) continue;
      if (!lockStateOf({ result: null, gameDate: prop.game_date }, settings, now).locked) {
        remaining.set(groupId, (remaining.get(groupId) ?? 0) + 1);
      }
    }
  }

  return rows.map((row) => {
    const isJoined = row.memberId !== null;
    const record = records.get(row.id);
    const stats = cardStatsFromCounts({
      record: record
        ? {
            wins: Number(record.wins),
            losses: Number(record.losses),
            pending: Number(record.pending),
            picksMade: Number(record.picks_made),
          }
        : NO_RECORD,
      remainingPicks: remaining.get(row.id) ?? 0,
      propsWithResults: Number(record?.decided_props ?? 0),
      totalValidProps: Number(record?.valid_props ?? 0),
      memberCount: row.memberCount,
      leaderboardPosition: isJoined && record ? Number(record.position) : null,
    });
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      isOfficial: row.isOfficial,
      isJoined,
      isLeader: isJoined && row.leaderId === userId,
      isPaid: row.isPaid ?? false,
      trackPaymentStatus: row.trackPaymentStatus,
      isLocked: isGroupLocked(row, now),
      lockType: row.lockType,
      lockValue: row.lockValue?.toISOString() ?? null,
      ...stats,
    };
  });
}

/**
 * Every member of every group the viewer is in gets a record (members with no picks too:
 * they have lost every decided prop), ranked within the group; only the viewer's rows are
 * returned. Same rule as rankLeaderboard: wins desc, then win rate desc, rank() shares ties.
 */
function viewerRecordsQuery(userId: number) {
  return sql`
    with viewer_groups as (
      select group_id from group_members where user_id = ${userId}
    ),
    prop_totals as (
      select group_id,
        count(*) filter (where result is distinct from 'N/A')::int as valid_props,
        count(*) filter (where result is not null and result <> 'N/A')::int as decided_props
      from props
      where group_id in (select group_id from viewer_groups)
      group by group_id
    ),
    pick_totals as (
      select k.group_id, k.user_id,
        count(*) filter (
          where p.result is not null and p.result <> 'N/A' and k.selected_option = p.result
        )::int as wins,
        count(*) filter (where p.result is null)::int as pending,
        count(*) filter (where p.result is distinct from 'N/A')::int as picks_made
      from picks k
      join props p on p.id = k.prop_id
      where k.group_id in (select group_id from viewer_groups)
      group by k.group_id, k.user_id
    ),
    records as (
      select m.group_id, m.user_id,
        coalesce(t.wins, 0) as wins,
        coalesce(pt.decided_props, 0) - coalesce(t.wins, 0) as losses,
        coalesce(t.pending, 0) as pending,
        coalesce(t.picks_made, 0) as picks_made,
        coalesce(pt.valid_props, 0) as valid_props,
        coalesce(pt.decided_props, 0) as decided_props
      from group_members m
      left join pick_totals t on t.group_id = m.group_id and t.user_id = m.user_id
      left join prop_totals pt on pt.group_id = m.group_id
      where m.group_id in (select group_id from viewer_groups)
    ),
    ranked as (
      select records.*,
        rank() over (
          partition by group_id
          order by wins desc,
            case when decided_props > 0 then wins::numeric / decided_props else 0 end desc
        )::int as position
      from records
    )
    select group_id, wins, losses, pending, picks_made, valid_props, decided_props, position
    from ranked
    where user_id = ${userId}`;
}
