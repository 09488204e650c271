import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { UserGroupSummary } from '@shared/contract/users';
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

/**
 * The signed-in home's list: the groups the user is in, newest first, then every
 * official event they have not joined yet (isJoined false).
 */
export async function listUserGroups(db: Db, userId: number): Promise<UserGroupSummary[]> {
  const membership = db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, groups.id)));
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      createdAt: groups.createdAt,
      isOfficial: groups.isOfficial,
      isJoined: sql<boolean>`exists (${membership})`,
      isLeader: sql<boolean>`${groups.leaderId} = ${userId}`,
    })
    .from(groups)
    .where(sql`exists (${membership}) or ${groups.isOfficial}`)
    .orderBy(desc(groups.createdAt), desc(groups.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
