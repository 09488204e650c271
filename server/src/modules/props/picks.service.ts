import { and, eq, sql } from 'drizzle-orm';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import { PICK_NOT_FOUND, PROP_LOCKED, type UserPrediction } from '@shared/contract/props';
import { isCorrectOf } from '@shared/domain/group-stats';
import type { Db } from '../../db/client';
import { groupMembers, picks, props } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { assertUnlocked, lockPropForWrite } from './prop-access';

const NOT_AN_OPTION = "Choose one of this prop's options";

interface PickRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  prop_id: number;
  group_id: number;
  selected_option: string;
  created_at: Date | string;
  updated_at: Date | string;
  created: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Makes or changes the caller's pick on a prop (product rules §4 'A user's pick'): members only,
 * only one of the prop's option values, only while lockStateOf says the prop is open at
 * the server's clock. The prop and its group are locked (shared) first, so a result or a
 * lock setting cannot land between the decision and the write.
 *
 * The write itself is one statement: the unique index (user_id, prop_id) decides between
 * insert and update, so any number of concurrent requests leave exactly one pick, and the
 * insert selects the prop only while it still has no result.
 */
export async function savePick(
  db: Db,
  userId: number,
  propId: number,
  selectedOption: string,
  now: () => Date = () => new Date(),
): Promise<{ pick: UserPrediction; created: boolean }> {
  return db.transaction(async (tx) => {
    const { prop, group } = await lockPropForWrite(tx, propId, userId, 'share');
    // The clock is read once the locks are held: the moment this write is decided.
    assertUnlocked(prop, group, now());
    const option = prop.options.find((candidate) => candidate.value === selectedOption);
    if (!option) throw badRequest(NOT_AN_OPTION, { selectedOption: [NOT_AN_OPTION] });

    const { rows } = await tx.execute<PickRow>(sql`
      insert into picks (user_id, prop_id, group_id, selected_option)
      select ${userId}, p.id, p.group_id, ${option.value}
      from props p
      where p.id = ${prop.id} and p.result is null
      on conflict (user_id, prop_id) do update
        set selected_option = excluded.selected_option, updated_at = now()
      returning id, user_id, prop_id, group_id, selected_option, created_at, updated_at,
        (xmax = 0) as created`);
    const row = rows[0];
    if (!row) throw conflict(`${PROP_LOCKED}: its result has been set`);
    return {
      created: Boolean(row.created),
      pick: {
        id: Number(row.id),
        userId: Number(row.user_id),
        predictionId: Number(row.prop_id),
        groupId: Number(row.group_id),
        selectedOption: row.selected_option,
        isCorrect: null,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      },
    };
  });
}

/** PUT /api/user-predictions/:id: the caller's own pick only; others' look like no pick. */
export async function changePick(
  db: Db,
  userId: number,
  pickId: number,
  selectedOption: string,
): Promise<UserPrediction> {
  const [pick] = await db
    .select({ propId: picks.propId })
    .from(picks)
    .where(and(eq(picks.id, pickId), eq(picks.userId, userId)));
  if (!pick) throw notFound(PICK_NOT_FOUND);
  return (await savePick(db, userId, pick.propId, selectedOption)).pick;
}

/**
 * The caller's picks, in one group (they must be in it) or in every group they are in,
 * each with isCorrect by the scoring rule of shared/domain/group-stats.ts.
 */
export async function listUserPredictions(
  db: Db,
  userId: number,
  groupId: number | undefined,
): Promise<UserPrediction[]> {
  if (groupId !== undefined) {
    const [membership] = await db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!membership) throw notFound(GROUP_NOT_FOUND);
  }
  // Plain rows (no ORM mapping of 300 picks and their props): the answer's fields as read.
  const { rows } = await db.execute<PickRow & { result: string | null }>(sql`
    select k.id, k.user_id, k.prop_id, k.group_id, k.selected_option, k.created_at,
      k.updated_at, p.result
    from ${picks} k
    join ${props} p on p.id = k.prop_id
    join ${groupMembers} m on m.group_id = k.group_id and m.user_id = k.user_id
    where k.user_id = ${userId}
      ${groupId === undefined ? sql`` : sql`and k.group_id = ${groupId}`}
    order by k.group_id, k.prop_id`);
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    predictionId: Number(row.prop_id),
    groupId: Number(row.group_id),
    selectedOption: row.selected_option,
    isCorrect: isCorrectOf(row.result, row.selected_option),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}
