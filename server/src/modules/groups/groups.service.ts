import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  GROUP_NOT_FOUND,
  TIME_LOCK_NEEDS_VALUE,
  type GroupDetails,
  type GroupMember,
  type InvitePermission,
  type ListType,
} from '@shared/contract/groups';
import { GROUP_EXPIRED, OFFICIAL_EVENT_CODE, UNKNOWN_INVITE_CODE } from '@shared/contract/invites';
import { generateInviteCode } from '@shared/domain/invite-code';
import { isGroupLocked, lockStateOf, type LockType } from '@shared/domain/lock-state';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, violatedUniqueConstraint } from '../../db/errors';
import { groupMembers, groups, picks, props, users, type GroupRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../plugins/errors';
import { recordActivity } from '../activity/activity.service';
import type { SessionUser } from '../auth/sessions';
import { recordLateJoin } from '../standings/standings.service';

export interface NewGroupSettings {
  name: string;
  activeSports: string[];
  invitePermission: InvitePermission;
  listType: ListType;
  lockType: LockType;
  lockValue: Date | null;
  allowMemberProps: boolean;
  trackPaymentStatus: boolean;
  isOfficial: boolean;
}

export interface GroupSettingsChange {
  name?: string;
  isLocked?: boolean;
  lockType?: LockType;
  lockValue?: Date | null;
  trackPaymentStatus?: boolean;
  allowMemberProps?: boolean;
  invitePermission?: InvitePermission;
}

const ALREADY_MEMBER = 'You are already in this group';

/** The group as one of its members sees it; the code only for those who may share it. */
export function toGroupDetails(
  group: GroupRow,
  viewer: { userId: number; isPaid: boolean },
  memberCount: number,
  now: Date,
): GroupDetails {
  const isLeader = group.leaderId === viewer.userId;
  return {
    id: group.id,
    name: group.name,
    code: isLeader || group.invitePermission === 'all' ? group.code : null,
    createdAt: group.createdAt.toISOString(),
    expiresAt: group.expiresAt?.toISOString() ?? null,
    leaderId: group.leaderId,
    isOfficial: group.isOfficial,
    isLocked: isGroupLocked(group, now),
    isManuallyLocked: group.isLocked,
    lockType: group.lockType,
    lockValue: group.lockValue?.toISOString() ?? null,
    allowMemberProps: group.allowMemberProps,
    invitePermission: group.invitePermission,
    activeSports: group.activeSports,
    listType: group.listType,
    trackPaymentStatus: group.trackPaymentStatus,
    memberCount,
    isJoined: true,
    isLeader,
    isPaid: viewer.isPaid,
  };
}

/**
 * The member count shown with a group: its contestants, from the stored tallies (the
 * operator running an official event is not one; decision 0013).
 */
export function memberCountOf(groupId: SQLWrapper): SQL<number> {
  return sql<number>`(select t.contestants from group_tallies t where t.group_id = ${groupId})`.mapWith(
    Number,
  );
}
export const memberCountColumn = memberCountOf(groups.id);

/** One query: the group, the viewer's membership and the member count. */
export async function loadGroupDetails(
  db: Db,
  groupId: number,
  viewerId: number,
  now = new Date(),
): Promise<GroupDetails> {
  const [row] = await db
    .select({ group: groups, isPaid: groupMembers.isPaid, memberCount: memberCountColumn })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, viewerId)),
    )
    .where(eq(groups.id, groupId));
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return toGroupDetails(row.group, { userId: viewerId, isPaid: row.isPaid }, row.memberCount, now);
}

/** The group a guard already loaded (with its member count): no query at all. */
export function groupDetailsOf(
  access: { group: GroupRow; isPaid: boolean; memberCount: number },
  viewerId: number,
  now = new Date(),
): GroupDetails {
  return toGroupDetails(
    access.group,
    { userId: viewerId, isPaid: access.isPaid },
    access.memberCount,
    now,
  );
}

/** A fresh code colliding is rare (31^8 codes) but possible; the unique index decides. */
const CODE_ATTEMPTS = 5;

/**
 * Creates a group with the creator as leader and first member, in one transaction. The
 * code is drawn at random and the unique index on groups.code settles any collision.
 */
export async function createGroup(
  db: Db,
  leaderId: number,
  settings: NewGroupSettings,
  leaderPlays = true,
): Promise<GroupRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [group] = await tx
          .insert(groups)
          .values({ ...settings, code: generateInviteCode(), leaderId })
          .returning();
        if (!group) throw new Error('insert into groups returned no row');
        await tx
          .insert(groupMembers)
          .values({ groupId: group.id, userId: leaderId, isContestant: leaderPlays });
        return group;
      });
    } catch (error) {
      if (attempt < CODE_ATTEMPTS && violatedUniqueConstraint(error) === 'groups_code_unique') {
        continue;
      }
      throw error;
    }
  }
}

/**
 * Joins by invite code (already normalized). Official events are joined with a social
 * name instead. A member entering their own group's code is answered with that group
 * (`alreadyMember`), whatever else holds for newcomers (expired, official): it is where
 * they meant to go (decision 0020).
 */
export async function joinGroupByCode(
  db: Db,
  userId: number,
  code: string,
  now = new Date(),
): Promise<{ groupId: number; alreadyMember: boolean }> {
  const [found] = await db
    .select({ group: groups, memberId: groupMembers.userId })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(eq(groups.code, code));
  if (!found) throw notFound(UNKNOWN_INVITE_CODE);
  const { group } = found;
  if (found.memberId !== null) return { groupId: group.id, alreadyMember: true };
  if (group.isOfficial) throw unprocessable(OFFICIAL_EVENT_CODE);
  if (group.expiresAt && group.expiresAt <= now) throw unprocessable(GROUP_EXPIRED);
  const added = await addMember(
    db,
    group,
    { userId, socialUsername: null },
    now,
    UNKNOWN_INVITE_CODE,
  );
  // A second tab's join won the race: the caller is a member all the same.
  return { groupId: group.id, alreadyMember: !added };
}

/**
 * The membership and, in the same transaction, the props the newcomer is exempt from
 * (locked right now: decision 0013). The primary key (group_id, user_id) decides, so two
 * racing joins cannot both insert. Returns false when the user was already a member.
 */
async function addMember(
  db: Db,
  group: GroupRow,
  member: { userId: number; socialUsername: string | null },
  now: Date,
  groupGone: string,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(groupMembers)
        .values({ groupId: group.id, ...member })
        .onConflictDoNothing()
        .returning({ groupId: groupMembers.groupId });
      if (inserted.length === 0) return false;
      await recordLateJoin(tx, group, member.userId, now);
      return true;
    });
  } catch (error) {
    // The group was deleted after it was found: its foreign key refuses the membership,
    // which is that group's 404, and the transaction leaves nothing behind.
    if (isForeignKeyViolation(error)) throw notFound(groupGone);
    throw error;
  }
}

export async function joinOfficialEvent(
  db: Db,
  userId: number,
  groupId: number,
  socialUsername: string,
  now = new Date(),
): Promise<void> {
  const [group] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.isOfficial, true)));
  if (!group) throw notFound('Official event not found');
  if (group.expiresAt && group.expiresAt <= now) throw unprocessable('This event has ended');
  const added = await addMember(
    db,
    group,
    { userId, socialUsername },
    now,
    'Official event not found',
  );
  if (!added) throw conflict(ALREADY_MEMBER);
}

/**
 * Removes the membership and the member's picks in the group together. The group row is
 * locked first so the check "not the leader" cannot race a leadership hand-over.
 */
export async function leaveGroup(db: Db, userId: number, groupId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ leaderId: groups.leaderId })
      .from(groups)
      .innerJoin(
        groupMembers,
        and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
      )
      .where(eq(groups.id, groupId))
      .for('update');
    if (!row) throw notFound(GROUP_NOT_FOUND);
    if (row.leaderId === userId) {
      throw forbidden('The group leader cannot leave the group. Delete the group instead.');
    }
    await tx.delete(picks).where(and(eq(picks.groupId, groupId), eq(picks.userId, userId)));
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  });
}

/**
 * Applies a leader's settings. The lock rule that spans two fields (a time lock needs its
 * time) is judged on the merged result, with the row locked so two edits cannot combine
 * into a time lock without a time; the check constraint backs this up.
 */
export async function updateGroupSettings(
  db: Db,
  groupId: number,
  change: GroupSettingsChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ lockType: groups.lockType, lockValue: groups.lockValue })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!current) throw notFound(GROUP_NOT_FOUND);
    const lockType = change.lockType ?? current.lockType;
    const lockValue = change.lockValue === undefined ? current.lockValue : change.lockValue;
    if (lockType === 'time' && !lockValue) {
      throw badRequest(TIME_LOCK_NEEDS_VALUE, { lockValue: [TIME_LOCK_NEEDS_VALUE] });
    }
    if (Object.values(change).every((value) => value === undefined)) return;
    await tx.update(groups).set(change).where(eq(groups.id, groupId));
  });
}

/** Props, picks, memberships and activity go with the group (foreign keys cascade). */
export async function deleteGroup(db: Db, groupId: number): Promise<void> {
  await db.delete(groups).where(eq(groups.id, groupId));
}

export async function listMembers(db: Db, groupId: number): Promise<GroupMember[]> {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      isPaid: groupMembers.isPaid,
      isLeader: sql<boolean>`${groups.leaderId} = ${users.id}`,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

/**
 * Marks a member PAID or UNPAID while the group tracks payment, and records who did it.
 * Sending the status a member already has changes nothing and records nothing, so a
 * double click does not fill the activity feed.
 */
export async function setPaymentStatus(
  db: Db,
  groupId: number,
  leader: SessionUser,
  targetUserId: number,
  isPaid: boolean,
): Promise<GroupMember> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ leaderId: groups.leaderId, trackPaymentStatus: groups.trackPaymentStatus })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(GROUP_NOT_FOUND);
    if (!group.trackPaymentStatus) {
      throw conflict(
        'Payment tracking is off for this group. Turn it on in the group settings first.',
      );
    }
    const [member] = await tx
      .select({ id: users.id, displayName: users.displayName, isPaid: groupMembers.isPaid })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, targetUserId)));
    if (!member) throw notFound('That person is not a member of this group');
    if (member.isPaid !== isPaid) {
      await tx
        .update(groupMembers)
        .set({ isPaid })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, targetUserId)));
      await recordActivity(tx, [
        {
          groupId,
          actorId: leader.id,
          eventType: 'payment_status_update',
          eventData: {
            leaderName: leader.displayName,
            targetUserName: member.displayName,
            targetUserId: member.id,
            newStatus: isPaid ? 'PAID' : 'UNPAID',
          },
        },
      ]);
    }
    return { ...member, isPaid, isLeader: member.id === group.leaderId };
  });
}

/**
 * Delete All Props (product rules §9: unlocked props only). Which props are unlocked is decided by
 * lockStateOf at the server's clock, the same rule that refuses picks; their picks go with
 * them (foreign key cascade). The group row is locked so lock settings cannot change halfway.
 */
export async function deleteUnlockedProps(
  db: Db,
  groupId: number,
  actorId: number,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ lockType: groups.lockType, lockValue: groups.lockValue, isLocked: groups.isLocked })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const candidates = await tx
      .select({ id: props.id, result: props.result, gameDate: props.gameDate })
      .from(props)
      .where(eq(props.groupId, groupId));
    const unlockedIds = candidates
      .filter((prop) => !lockStateOf(prop, group, now).locked)
      .map((prop) => prop.id);
    if (unlockedIds.length === 0) return 0;
    // `result is null` again here: a result set since the read above locks the prop.
    const deleted = await tx
      .delete(props)
      .where(and(eq(props.groupId, groupId), inArray(props.id, unlockedIds), isNull(props.result)))
      .returning({ id: props.id });
    if (deleted.length > 0) {
      await recordActivity(tx, [
        {
          groupId,
          actorId,
          eventType: 'props_bulk_deleted',
          eventData: { type: 'unlocked', count: deleted.length },
        },
      ]);
    }
    return deleted.length;
  });
}
