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
import { revealedPropsReopenedBy, revealedReopenRefusal } from '@shared/domain/reveal';
import type { ScoringMode } from '@shared/domain/scoring-modes';
import { competitionSettingsOpen, SETTINGS_FIXED_AFTER_FIRST_LOCK } from '@shared/domain/seasons';
import type { Db, Tx } from '../../db/client';
import { isForeignKeyViolation, violatedUniqueConstraint } from '../../db/errors';
import {
  groupMembers,
  groupTallies,
  groups,
  picks,
  propPickCounts,
  props,
  users,
  type GroupRow,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import type { SessionUser } from '../auth/sessions';
import { currentSeasonProps } from '../seasons/seasons.service';
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
  scoring?: ScoringMode;
  dropWorstRounds?: number;
}

export interface GroupSettingsChange {
  name?: string;
  isLocked?: boolean;
  lockType?: LockType;
  lockValue?: Date | null;
  trackPaymentStatus?: boolean;
  allowMemberProps?: boolean;
  invitePermission?: InvitePermission;
  scoring?: ScoringMode;
  dropWorstRounds?: number;
}

const ALREADY_MEMBER = 'You are already in this group';

/** The code only for those who may share it. */
export function toGroupDetails(
  group: GroupRow,
  viewer: { userId: number; isPaid: boolean; isContestant: boolean },
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
    scoring: group.scoring,
    dropWorstRounds: group.dropWorstRounds,
    memberCount,
    isJoined: true,
    isLeader,
    isPaid: viewer.isPaid,
    isContestant: viewer.isContestant,
  };
}

/** Contestants, from the stored tallies (the operator running an official event is not one). */
export function memberCountOf(groupId: SQLWrapper): SQL<number> {
  return sql<number>`(select ${groupTallies.contestants} from ${groupTallies}
    where ${groupTallies.groupId} = ${groupId})`.mapWith(Number);
}
export const memberCountColumn = memberCountOf(groups.id);

export async function loadGroupDetails(
  db: Db,
  groupId: number,
  viewerId: number,
  now = new Date(),
): Promise<GroupDetails> {
  const [row] = await db
    .select({
      group: groups,
      isPaid: groupMembers.isPaid,
      isContestant: groupMembers.isContestant,
      memberCount: memberCountColumn,
    })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, viewerId)),
    )
    .where(eq(groups.id, groupId));
  if (!row) throw notFound(GROUP_NOT_FOUND);
  const viewer = { userId: viewerId, isPaid: row.isPaid, isContestant: row.isContestant };
  return toGroupDetails(row.group, viewer, row.memberCount, now);
}

export function groupDetailsOf(
  access: { group: GroupRow; isPaid: boolean; isContestant: boolean; memberCount: number },
  viewerId: number,
  now = new Date(),
): GroupDetails {
  return toGroupDetails(
    access.group,
    { userId: viewerId, isPaid: access.isPaid, isContestant: access.isContestant },
    access.memberCount,
    now,
  );
}

/** A collision is rare (31^8 codes) but possible; the unique index decides. */
const CODE_ATTEMPTS = 5;

/** The creator is leader and first member, in one transaction. */
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
 * `code` is normalized. A member entering their own group's code is answered with that
 * group (`alreadyMember`) whatever holds for newcomers: it is where they meant to go.
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
 * With the props locked right now, which the newcomer is exempt from. The primary key
 * decides, so two racing joins cannot both insert; false when already a member.
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
    // Deleted after it was found: the foreign key refuses the membership (that group's 404).
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

/** The group row is locked first so "not the leader" cannot race a leadership change. */
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
 * The row is locked, so two edits cannot combine into a time lock without a time (the
 * check constraint backs this up) and no pick or result lands between the decision and the
 * write. A change that would reopen a locked prop holding picks is refused (product rules
 * §4 'Reveal').
 */
export async function updateGroupSettings(
  db: Db,
  groupId: number,
  change: GroupSettingsChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        lockType: groups.lockType,
        lockValue: groups.lockValue,
        isLocked: groups.isLocked,
        scoring: groups.scoring,
        dropWorstRounds: groups.dropWorstRounds,
      })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!current) throw notFound(GROUP_NOT_FOUND);
    const competitionChanges =
      (change.scoring !== undefined && change.scoring !== current.scoring) ||
      (change.dropWorstRounds !== undefined && change.dropWorstRounds !== current.dropWorstRounds);
    if (
      competitionChanges &&
      !competitionSettingsOpen(await currentSeasonProps(tx, groupId), current, new Date())
    ) {
      throw conflict(SETTINGS_FIXED_AFTER_FIRST_LOCK);
    }
    const lockType = change.lockType ?? current.lockType;
    const lockValue = change.lockValue === undefined ? current.lockValue : change.lockValue;
    if (lockType === 'time' && !lockValue) {
      throw badRequest(TIME_LOCK_NEEDS_VALUE, { lockValue: [TIME_LOCK_NEEDS_VALUE] });
    }
    if (Object.values(change).every((value) => value === undefined)) return;
    const after = { lockType, lockValue, isLocked: change.isLocked ?? current.isLocked };
    const reopened = revealedPropsReopenedBy(
      await undecidedPropsWithPicks(tx, groupId),
      current,
      after,
      new Date(),
    );
    if (reopened.length > 0) throw conflict(revealedReopenRefusal(reopened.map((p) => p.title)));
    await tx.update(groups).set(change).where(eq(groups.id, groupId));
  });
}

async function undecidedPropsWithPicks(tx: Tx, groupId: number) {
  return tx
    .select({
      title: props.title,
      result: props.result,
      gameDate: props.gameDate,
      pickCount: sql<number>`coalesce((select sum(c.count) from ${propPickCounts} c
        where c.prop_id = ${props.id}), 0)::int`,
    })
    .from(props)
    .where(and(eq(props.groupId, groupId), isNull(props.result)))
    .orderBy(asc(props.gameDate), asc(props.id));
}

/** Props, picks, memberships and activity cascade. */
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

/** Sending the status a member already has records nothing, so a double click does not fill the feed. */
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
            leaderId: leader.id,
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
 * Product rules §9: unlocked props only, by lockStateOf at the server's clock (the rule that
 * refuses picks). The group row is locked so lock settings cannot change halfway.
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
    // `result is null` again: a result set since the read above locks the prop.
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
