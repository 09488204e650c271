import { and, eq, sql } from 'drizzle-orm';
import { PROP_LOCKED, PROP_NOT_FOUND, type Prop, type PropGame } from '@shared/contract/props';
import type { GameMarket } from '@shared/domain/game-grading';
import { isCorrectOf, pickOutcomeOf } from '@shared/domain/group-stats';
import { lockStateOf, type LockReason, type LockState } from '@shared/domain/lock-state';
import { totalPicksOf, type PickSplit } from '@shared/domain/reveal';
import type { Tx } from '../../db/client';
import {
  groupMembers,
  groups,
  props,
  type GameRow,
  type GroupRow,
  type PropRow,
} from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

/**
 * One probe of the membership's key. (As a join on the caller, the planner reached the prop
 * through every group the caller is in.)
 */
export const callerIsMemberSql = (caller: string) =>
  `exists (select from group_members m where m.group_id = p.group_id and m.user_id = ${caller})`;

export interface PropAccess {
  prop: PropRow;
  group: GroupRow;
  isLeader: boolean;
}

/**
 * The prop, its group and the caller's membership, locked until commit: the group (shared)
 * before the prop, the order every group-wide writer uses, so lock settings cannot change
 * under the decision. Another group's prop is the same 404 as none. A change that keeps the
 * prop takes `no key update`, so it does not wait for a joining member's exemption row
 * (whose foreign key takes `key share`; with `update` the two deadlocked).
 */
export async function lockPropForWrite(
  tx: Tx,
  propId: number,
  userId: number,
  propLock: 'share' | 'no key update' | 'update',
): Promise<PropAccess> {
  // The subquery is not locked: the prop row is read again under its own lock below.
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
  // It may have been deleted, decided or edited meanwhile.
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

export function assertUnlocked(prop: PropRow, group: GroupRow, now: Date): void {
  const state = lockStateOf(prop, group, now);
  if (!state.locked) return;
  throw conflict(
    state.reason === 'open' || state.reason === 'locks_at'
      ? PROP_LOCKED
      : LOCK_REFUSALS[state.reason],
  );
}

/** A member only for a prop they created, while the group allows member props. */
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

/** `split`'s total is always shown, the split itself only once the prop is locked. */
export function toPropView(
  prop: PropRow,
  group: GroupRow,
  viewer: { userId: number; isLeader: boolean },
  myPick: { id: number; selectedOption: string } | null,
  now: Date,
  split: PickSplit,
  pickReset: { previousOption: string; resetAt: Date } | null = null,
  game: GameRow | null = null,
  /** The prop had locked when the viewer joined. */
  exempt = false,
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
    outcome: pickOutcomeOf(prop.result, myPick?.selectedOption, exempt),
    canEdit: manage && !prop.isImported,
    canDelete: manage,
    canSetResult: viewer.isLeader && !prop.isImported,
    pickCount: totalPicksOf(split),
    pickSplit: lock.locked ? split : null,
    game:
      prop.market !== null && game?.id === prop.gameId ? propGameOf(prop, prop.market, game) : null,
  };
}

function propGameOf(prop: PropRow, market: GameMarket, game: GameRow): PropGame {
  return {
    id: game.id,
    status: game.status,
    startsAt: game.startsAt.toISOString(),
    period: game.period,
    clock: game.clock,
    detail: game.detail,
    home: { abbreviation: game.homeAbbreviation, name: game.homeName, score: game.homeScore },
    away: { abbreviation: game.awayAbbreviation, name: game.awayName, score: game.awayScore },
    market,
    line: prop.line,
    team: prop.team,
    overridden: prop.resultOverridden,
  };
}
