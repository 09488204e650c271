import { and, eq, sql } from 'drizzle-orm';
import { PROP_LOCKED, PROP_NOT_FOUND, type Prop } from '@shared/contract/props';
import { isCorrectOf, pickOutcomeOf } from '@shared/domain/group-stats';
import { lockStateOf, type LockReason, type LockState } from '@shared/domain/lock-state';
import { totalPicksOf, type PickSplit } from '@shared/domain/reveal';
import type { Tx } from '../../db/client';
import { groupMembers, groups, props, type GroupRow, type PropRow } from '../../db/schema';
import { conflict, notFound } from '../../plugins/errors';

/**
 * SQL: the caller `caller` (an SQL expression) is a member of the group of the prop `p`, one
 * probe of the membership's key. As a join on the caller, the planner reaches the prop
 * through every group the caller is in (for a pick it read every prop of each: 250 rows
 * in the 1,000-member group, decision 0035).
 */
export const callerIsMemberSql = (caller: string) =>
  `exists (select from group_members m where m.group_id = p.group_id and m.user_id = ${caller})`;

export interface PropAccess {
  prop: PropRow;
  group: GroupRow;
  isLeader: boolean;
}

/**
 * Inside a write's transaction: the prop, its group and the caller's membership, locked
 * until commit. The group row is locked (shared) before the prop row, the order every
 * group-wide writer uses (settings, Delete All Props, leaving), so two writers never wait
 * on each other in a circle; holding it also means the lock settings cannot change under
 * the decision. A prop in a group the caller is not in answers the same 404 as a prop
 * that does not exist. A change that keeps the prop (a result, an edit) takes `no key
 * update`: it still waits for pickers (`share`) and they for it, but not for a joining
 * member's exemption row, whose foreign key takes `key share` on the prop while the join
 * holds the group's tally (with `update`, a result and a join deadlocked).
 */
export async function lockPropForWrite(
  tx: Tx,
  propId: number,
  userId: number,
  propLock: 'share' | 'no key update' | 'update',
): Promise<PropAccess> {
  // The prop's group found and locked in one statement: the subquery is not locked, and
  // the prop row itself is read again under its own lock below.
  const [access] = await tx
    .select({ group: groups })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(
      eq(groups.id, sql`(select ${props.groupId} from ${props} where ${props.id} = ${propId})`),
    )
    .for('share');
  if (!access) throw notFound(PROP_NOT_FOUND);
  // Read again under the lock: it may have been deleted, decided or edited meanwhile.
  const [prop] = await tx.select().from(props).where(eq(props.id, propId)).for(propLock);
  if (!prop) throw notFound(PROP_NOT_FOUND);
  return { prop, group: access.group, isLeader: access.group.leaderId === userId };
}

const LOCK_REFUSALS: Record<Exclude<LockReason, 'open' | 'locks_at'>, string> = {
  result_set: `${PROP_LOCKED}: its result has been set`,
  event_started: `${PROP_LOCKED}: the event has started`,
  locked_at: `${PROP_LOCKED}: the group's lock time has passed`,
  manually_locked: `${PROP_LOCKED}: the group leader has locked picks`,
};

/** Refuses (409) when lockStateOf says the prop is locked at `now`. */
export function assertUnlocked(prop: PropRow, group: GroupRow, now: Date): void {
  const state = lockStateOf(prop, group, now);
  if (!state.locked) return;
  throw conflict(
    state.reason === 'open' || state.reason === 'locks_at'
      ? PROP_LOCKED
      : LOCK_REFUSALS[state.reason],
  );
}

/**
 * Leader always; a member only for a prop they created, and only while the group lets
 * members create props (turning that off takes the right back).
 */
export function canManage(
  prop: Pick<PropRow, 'createdBy'>,
  group: GroupRow,
  viewer: { userId: number; isLeader: boolean },
): boolean {
  return viewer.isLeader || (group.allowMemberProps && prop.createdBy === viewer.userId);
}

const lockStateView = (state: LockState) => ({
  locked: state.locked,
  reason: state.reason,
  at: state.at?.toISOString() ?? null,
});

/**
 * A prop as the viewer sees it, judged at `now`. `split` is how many picked each option
 * (reveal.service's pickSplitsOf): its total is always shown, the split itself only once
 * the prop is locked.
 */
export function toPropView(
  prop: PropRow,
  group: GroupRow,
  viewer: { userId: number; isLeader: boolean },
  myPick: { id: number; selectedOption: string } | null,
  now: Date,
  split: PickSplit,
  pickReset: { previousOption: string; resetAt: Date } | null = null,
): Prop {
  const manage = canManage(prop, group, viewer);
  const lock = lockStateOf(prop, group, now);
  return {
    id: prop.id,
    groupId: prop.groupId,
    sport: prop.sport,
    category: prop.category,
    title: prop.title,
    description: prop.description,
    options: prop.options,
    gameDate: prop.gameDate?.toISOString() ?? null,
    result: prop.result,
    isActive: prop.isActive,
    isImported: prop.isImported,
    createdBy: prop.createdBy,
    createdAt: prop.createdAt.toISOString(),
    lock: lockStateView(lock),
    myPick: myPick && {
      id: myPick.id,
      selectedOption: myPick.selectedOption,
      isCorrect: isCorrectOf(prop.result, myPick.selectedOption),
    },
    pickReset:
      pickReset && !myPick
        ? { previousOption: pickReset.previousOption, at: pickReset.resetAt.toISOString() }
        : null,
    outcome: pickOutcomeOf(prop.result, myPick?.selectedOption),
    canEdit: manage && !prop.isImported,
    canDelete: manage,
    canSetResult: viewer.isLeader && !prop.isImported,
    pickCount: totalPicksOf(split),
    pickSplit: lock.locked ? split : null,
  };
}
