import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { UserGroupSummary } from '@shared/contract/users';
import { cardStatsFromCounts, type MemberRecord } from '@shared/domain/group-stats';
import { isGroupLocked, lockStateOf, type LockType } from '@shared/domain/lock-state';
import type { Db } from '../../db/client';
import { groupVersionSql, latestGamePassedSql } from '../../db/group-versions';
import { groupMembers, groups, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { ReadWithSession, SessionUser } from '../auth/sessions';
import { seasonPlacesOf } from '../standings/season-places';
import {
  cardStandingColumns,
  cardStandingJoins,
  cardStandingOf,
} from '../standings/standings.service';

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

export const LAST_OPERATOR =
  "The operator's account cannot be deleted: the app would be left without an operator";

/**
 * Each group the user leads passes to its longest-standing other member; only groups
 * nobody else is in are deleted. Sessions, memberships and picks cascade.
 */
export async function deleteAccount(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Deleting the last admin would leave master props and official events unmanaged for
    // good. The admin rows are locked so two admins cannot delete each other at once.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .for('update');
    if (admins.length === 1 && admins[0]?.id === userId) throw conflict(LAST_OPERATOR);
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

/**
 * The viewer's groups and the official events, each list from its own index, each group
 * row by its key ('offset 0' keeps the planner from hashing every group of the database).
 */
const shownGroupsSql = (viewer: string, columns: string) => `unnest(array(
      select group_id from group_members where user_id = ${viewer}
      union
      select id from groups where is_official
    )) as shown(id)
    cross join lateral (select ${columns} from groups g where g.id = shown.id offset 0) g`;

/**
 * Read with the session (the viewer `u`, the moment `$4`): for each group shown, its
 * version, whether the viewer is in it, the latest game time passed and whether its set
 * lock time has passed. `cards_now` is the moment judged at, for the cards to use.
 */
export const HOME_CARDS_STAMP: ReadWithSession = {
  name: 'home-cards-stamp',
  columns: `(select coalesce(string_agg(
      g.id || ':' || ${groupVersionSql('g.id', 'g.xmin::text')}
      || ':' || (m.user_id is not null)::int
      || ':' || ${latestGamePassedSql('g.id', '$4')}
      || ':' || (g.lock_type = 'time' and g.lock_value <= $4)::int,
      ',' order by g.id), '')
    from ${shownGroupsSql('u.id', 'g.id, g.xmin, g.lock_type, g.lock_value')}
    left join group_members m on m.group_id = g.id and m.user_id = u.id) as cards_stamp,
    $4::timestamptz as cards_now`,
  joins: '',
};

interface CardRow extends Record<string, unknown> {
  id: number;
  name: string;
  created_at: Date | string;
  is_official: boolean;
  leader_id: number;
  is_locked: boolean;
  lock_type: LockType;
  lock_value: Date | string | null;
  track_payment_status: boolean;
  member_id: number | null;
  is_paid: boolean | null;
  open_game_dates: (string | null)[] | null;
}

const NO_RECORD: MemberRecord = { wins: 0, losses: 0, pending: 0, picksMade: 0 };

/** Each shown group's version, as HOME_CARDS_STAMP wrote it ('id:version:…', one per group). */
function groupVersionsOf(cardsStamp: string): Map<number, string> {
  return new Map(
    cardsStamp
      .split(',')
      .filter(Boolean)
      .map((group) => {
        const [id, version] = group.split(':');
        return [Number(id), version ?? ''] as const;
      }),
  );
}

/**
 * Newest first; one query whatever the number of groups, members or props: each card is
 * the stored standing and tallies plus the game dates of the viewer's unpicked undecided
 * props, judged at the server's clock.
 */
export async function listUserGroups(
  db: Db,
  userId: number,
  stamp: { cards_stamp: string; cards_now: Date },
): Promise<UserGroupSummary[]> {
  const now = stamp.cards_now;
  const versions = groupVersionsOf(stamp.cards_stamp);
  const { rows } = await db.execute<CardRow>(sql`
    select g.id, g.name, g.created_at, g.is_official, g.leader_id, g.is_locked, g.lock_type,
      g.lock_value, g.track_payment_status, m.user_id as member_id, m.is_paid,
      case when m.user_id is not null then (
        select json_agg(p.game_date) from props p
        where p.group_id = g.id and p.result is null
          and not exists (select 1 from picks k where k.user_id = ${userId} and k.prop_id = p.id)
      ) end as open_game_dates,
      ${cardStandingColumns()}
    from (select ${userId}::int as id) viewer
    cross join ${sql.raw(shownGroupsSql('viewer.id', 'g.*'))}
    left join group_members m on m.group_id = g.id and m.user_id = ${userId}
    ${cardStandingJoins(userId)}
    order by g.created_at desc, g.id desc`);
  const joined = rows.filter((row) => row.member_id !== null);
  const places = await Promise.all(
    seasonPlacesOf(
      db,
      joined.map((row) => ({ id: Number(row.id), version: versions.get(Number(row.id)) ?? '' })),
    ),
  );
  const placeIn = new Map(joined.map((row, index) => [Number(row.id), places[index]]));

  return rows.map((row) => {
    const isJoined = row.member_id !== null;
    const standing = cardStandingOf(row);
    const settings = {
      lockType: row.lock_type,
      lockValue: row.lock_value,
      isLocked: row.is_locked,
    };
    const remainingPicks = (row.open_game_dates ?? []).filter(
      (gameDate) => !lockStateOf({ result: null, gameDate }, settings, now).locked,
    ).length;
    const stats = cardStatsFromCounts({
      record: standing.record ?? NO_RECORD,
      remainingPicks,
      propsWithResults: standing.decidedProps,
      totalValidProps: standing.validProps,
      memberCount: standing.contestants,
      leaderboardPosition: placeIn.get(Number(row.id))?.get(userId) ?? null,
    });
    return {
      id: Number(row.id),
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      isOfficial: row.is_official,
      isJoined,
      isLeader: isJoined && Number(row.leader_id) === userId,
      isPaid: row.is_paid ?? false,
      trackPaymentStatus: row.track_payment_status,
      isLocked: isGroupLocked(settings, now),
      lockType: row.lock_type,
      lockValue: row.lock_value ? new Date(row.lock_value).toISOString() : null,
      ...stats,
    };
  });
}
