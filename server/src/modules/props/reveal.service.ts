import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { PROP_NOT_FOUND } from '@shared/contract/props';
import {
  PICKS_HIDDEN_UNTIL_LOCK,
  type Pickers,
  type PropPick,
  type UnpickedMember,
} from '@shared/contract/reveal';
import { lockStateOf } from '@shared/domain/lock-state';
import { isContrarianOption, type PickSplit } from '@shared/domain/reveal';
import type { Db, Tx } from '../../db/client';
import {
  groupMembers,
  groups,
  picks,
  propPickCounts,
  props,
  users,
  type GroupRow,
} from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

/** Product rules §4 'Reveal'. One or two queries whatever the group's size. */

/** As a jsonb object (`{}` with no picks), for a statement that reads it with other things. */
export const pickSplitSql = (propId: string) =>
  `(select coalesce(jsonb_object_agg(c.option, c.count), '{}'::jsonb)
    from prop_pick_counts c where c.prop_id = ${propId} and c.count > 0)`;

/** From prop_pick_counts, kept by a trigger on picks: one index range, never a count of picks. */
export async function pickSplitsOf(
  db: Db | Tx,
  scope: { groupId: number } | { propIds: number[] },
): Promise<Map<number, PickSplit>> {
  const splits = new Map<number, PickSplit>();
  if ('propIds' in scope && scope.propIds.length === 0) return splits;
  const rows = await db
    .select({
      propId: propPickCounts.propId,
      option: propPickCounts.option,
      count: propPickCounts.count,
    })
    .from(propPickCounts)
    .where(
      and(
        'groupId' in scope
          ? eq(propPickCounts.groupId, scope.groupId)
          : inArray(propPickCounts.propId, scope.propIds),
        gt(propPickCounts.count, 0),
      ),
    );
  for (const row of rows) {
    const split = splits.get(row.propId) ?? {};
    split[row.option] = row.count;
    splits.set(row.propId, split);
  }
  return splits;
}

/** Else the same 404 as no prop. */
async function readPropAsMember(db: Db, propId: number, userId: number) {
  const [row] = await db
    .select({ prop: props, group: groups })
    .from(props)
    .innerJoin(groups, eq(groups.id, props.groupId))
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, props.groupId), eq(groupMembers.userId, userId)),
    )
    .where(eq(props.id, propId));
  if (!row) throw notFound(PROP_NOT_FOUND);
  return row;
}

/** 409 before the lock: no answer shows another member's pick while it can still change. */
export async function listPropPicks(
  db: Db,
  userId: number,
  propId: number,
  now = new Date(),
): Promise<PropPick[]> {
  const { prop, group } = await readPropAsMember(db, propId, userId);
  if (!lockStateOf(prop, group, now).locked) throw conflict(PICKS_HIDDEN_UNTIL_LOCK);
  return db
    .select({
      userId: picks.userId,
      displayName: users.displayName,
      selectedOption: picks.selectedOption,
      confidence: picks.confidence,
      isLock: picks.isLock,
    })
    .from(picks)
    .innerJoin(users, eq(users.id, picks.userId))
    .where(eq(picks.propId, propId))
    .orderBy(asc(picks.selectedOption), sql`lower(${users.displayName})`, asc(picks.userId));
}

/** Never what. */
export async function pickersOf(db: Db, userId: number, propId: number): Promise<Pickers> {
  await readPropAsMember(db, propId, userId);
  const rows = await db
    .select({
      userId: groupMembers.userId,
      displayName: users.displayName,
      picked: sql<boolean>`${picks.id} is not null`,
    })
    .from(groupMembers)
    .innerJoin(props, eq(props.groupId, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(picks, and(eq(picks.propId, props.id), eq(picks.userId, groupMembers.userId)))
    .where(and(eq(props.id, propId), eq(groupMembers.isContestant, true)))
    .orderBy(sql`lower(${users.displayName})`, asc(groupMembers.userId));
  const name = ({ userId: id, displayName }: (typeof rows)[number]) => ({
    userId: id,
    displayName,
  });
  return {
    picked: rows.filter((row) => row.picked).map(name),
    notPicked: rows.filter((row) => !row.picked).map(name),
  };
}

/** The soonest lock first, then the most unpicked, then by name; one query for every member. */
export async function unpickedMembers(
  db: Db,
  group: GroupRow,
  now = new Date(),
): Promise<UnpickedMember[]> {
  const candidates = await db
    .select()
    .from(props)
    .where(and(eq(props.groupId, group.id), sql`${props.result} is null`));
  const open = candidates
    .map((prop) => ({ prop, lock: lockStateOf(prop, group, now) }))
    .filter(({ lock }) => !lock.locked);
  if (open.length === 0) return [];
  const ids = open.map(({ prop }) => prop.id);
  const locksAt = open.map(({ lock }) => lock.at?.toISOString() ?? null);
  const { rows } = await db.$client.query<{
    user_id: number;
    display_name: string;
    unpicked: number;
    next_lock_at: Date | null;
  }>(
    `select m.user_id, u.display_name, count(*)::int as unpicked, min(o.lock_at) as next_lock_at
     from group_members m
     join users u on u.id = m.user_id
     cross join unnest($2::int[], $3::timestamptz[]) as o(prop_id, lock_at)
     where m.group_id = $1 and m.is_contestant
       and not exists (select 1 from picks k where k.prop_id = o.prop_id and k.user_id = m.user_id)
     group by m.user_id, u.display_name
     order by min(o.lock_at) asc nulls last, count(*) desc, lower(u.display_name), m.user_id`,
    [group.id, ids, locksAt],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    displayName: row.display_name,
    unpicked: row.unpicked,
    nextLockAt: row.next_lock_at ? new Date(row.next_lock_at).toISOString() : null,
  }));
}

/** A jsonb array in the order an activity line names them, null when nobody did. */
export const pickerNamesSql = (propId: string, option: string) =>
  `(select jsonb_agg(u.display_name order by lower(u.display_name), u.id)
    from picks k join users u on u.id = k.user_id
    where k.prop_id = ${propId} and k.selected_option = ${option})`;

/** Two queries for any number of props (the operator's fan-out reaches many groups). */
export async function contrarianWinnersOf(
  tx: Db | Tx,
  decided: readonly { propId: number; result: string }[],
  known?: ReadonlyMap<number, PickSplit>,
): Promise<Map<number, string[]>> {
  const winners = new Map<number, string[]>();
  if (decided.length === 0) return winners;
  const splits = known ?? (await pickSplitsOf(tx, { propIds: decided.map((prop) => prop.propId) }));
  const bold = decided.filter(({ propId, result }) =>
    isContrarianOption(splits.get(propId) ?? {}, result),
  );
  // Most results are the crowd's pick: then there is no one to name.
  if (bold.length === 0) return winners;
  const { rows } = await tx.execute<{ prop_id: number; names: string[] | null }>(sql`
    select w.prop_id, ${sql.raw(pickerNamesSql('w.prop_id', 'w.option'))} as names
    from unnest(${sql.param(bold.map((prop) => prop.propId))}::int[],
      ${sql.param(bold.map((prop) => prop.result))}::text[]) as w(prop_id, option)`);
  for (const row of rows) if (row.names) winners.set(row.prop_id, row.names);
  return winners;
}
