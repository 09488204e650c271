import { sql } from 'drizzle-orm';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import { PICK_NOT_FOUND, PROP_LOCKED, type UserPrediction } from '@shared/contract/props';
import { isCorrectOf } from '@shared/domain/group-stats';
import { lockStateOf, type LockType } from '@shared/domain/lock-state';
import { writerPoolOf, type Db } from '../../db/client';
import type { SessionReadAlong } from '../auth/sessions';
import { groupVersionSql } from '../../db/group-versions';
import { groupMembers, picks, props } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { coalescedWritesPerDb } from '../../db/coalesced-writes';
import { assertUnlocked, callerIsMemberSql, lockPropForWrite } from './prop-access';

const NOT_AN_OPTION = "Choose one of this prop's options";

/** A pick's columns as node-postgres reads them. */
interface PickColumns extends Record<string, unknown> {
  id: number;
  user_id: number;
  prop_id: number;
  group_id: number;
  selected_option: string;
  created_at: Date | string;
  updated_at: Date | string;
}

interface PickRow extends PickColumns {
  created: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Makes or changes the caller's pick on a prop (product rules §4 'A user's pick'): members only,
 * only one of the prop's option values, only while lockStateOf says the prop is open at
 * the server's clock. A result or a lock setting never lands between the decision and the
 * write: the decision is taken on one read and the write lands only while the rows read are
 * unchanged (savePickIfUnchanged); anything else is decided again under the locks
 * (savePickLocked). Either write is one statement: the unique index (user_id, prop_id)
 * decides between insert and update, so concurrent requests leave exactly one pick.
 */
export async function savePick(
  db: Db,
  userId: number,
  propId: number,
  selectedOption: string,
  now: () => Date = () => new Date(),
): Promise<{ pick: UserPrediction; created: boolean }> {
  const target = await readPickTarget(db, propId, userId);
  const saved = target && (await savePickIfUnchanged(db, userId, target, selectedOption, now()));
  return saved ? savedPickOf(saved) : savePickLocked(db, userId, propId, selectedOption, now);
}

/**
 * The same decision and write as `savePick`, taken under the locks: the group (shared),
 * then the prop (shared), so a result or a lock setting cannot land between them.
 */
async function savePickLocked(
  db: Db,
  userId: number,
  propId: number,
  selectedOption: string,
  now: () => Date,
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
    return savedPickOf(row);
  });
}

const savedPickOf = (row: PickRow): { pick: UserPrediction; created: boolean } => ({
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
});

/**
 * What deciding a pick reads (product rules §4 'A user's pick'): the prop's lock inputs and
 * options, its group's lock settings, and each row's version (`xmin`, which every update
 * of the row changes), for a caller who is a member. Plain prepared statements: a pick is
 * the busiest write of a big group.
 */
export interface PickTarget {
  prop_id: number;
  group_id: number;
  options: { value: string }[];
  game_date: Date | null;
  result: string | null;
  lock_type: LockType;
  lock_value: Date | null;
  is_locked: boolean;
  prop_version: string;
  group_version: string;
}

/** PickTarget's columns, of the prop `p` and its group `g`. */
const PICK_TARGET_COLUMNS = `p.id as prop_id, p.group_id, p.options, p.game_date, p.result,
  g.lock_type, g.lock_value, g.is_locked, p.xmin::text as prop_version,
  g.xmin::text as group_version`;

const PICK_TARGET_BY_PROP = {
  name: 'pick-target-by-prop',
  text: `select ${PICK_TARGET_COLUMNS}
    from props p join groups g on g.id = p.group_id
    where p.id = $1 and ${callerIsMemberSql('$2')}`,
};

/**
 * The target of a pick change, by the caller's own pick, read with their session
 * (`requireUserReading`), so a changed pick costs the session's statement and its write:
 * the pick's id is `$4`, the caller `u`. Nulls when the pick is not the caller's (another
 * member's pick id finds nothing, as if it did not exist) or they left its group. Every row
 * is found by its key: the pick, its prop, the group, the membership.
 */
export const PICK_TARGET_ALONG: SessionReadAlong = {
  name: 'pick-target',
  columns: 't.*',
  joins: `left join lateral (select ${PICK_TARGET_COLUMNS}
      from picks k join props p on p.id = k.prop_id join groups g on g.id = p.group_id
      where k.id = $4 and k.user_id = u.id and ${callerIsMemberSql('u.id')}) t on true`,
};

/** The target a requireUserReading guard read, when there is one. */
export const pickTargetOf = (row: Partial<PickTarget>): PickTarget | undefined =>
  row.prop_id == null ? undefined : (row as PickTarget);

async function readPickTarget(
  db: Db,
  propId: number,
  userId: number,
): Promise<PickTarget | undefined> {
  const { rows } = await db.$client.query<PickTarget>({
    ...PICK_TARGET_BY_PROP,
    values: [propId, userId],
  });
  return rows[0];
}

/**
 * The pick written when the decision taken on `target` (read without locks) still holds:
 * the option is one of the prop's, lockStateOf says open at `now`, and when the statement
 * runs, holding the same shared locks as savePickLocked (group and membership, then prop),
 * the prop and group rows are still the versions decided on, the caller still a member and
 * the next lock moment still ahead on the database's clock. Concurrent picks share one
 * statement (PICKS_IF_UNCHANGED). Undefined when the decision was not 'open' or no longer
 * holds: the caller then decides again under the locks (savePickLocked), which also gives
 * the refusal its words.
 */
async function savePickIfUnchanged(
  db: Db,
  userId: number,
  target: PickTarget,
  selectedOption: string,
  now: Date,
): Promise<PickRow | undefined> {
  if (!target.options.some((option) => option.value === selectedOption)) return undefined;
  const state = lockStateOf(
    { result: target.result, gameDate: target.game_date },
    { lockType: target.lock_type, lockValue: target.lock_value, isLocked: target.is_locked },
    now,
  );
  if (state.locked) return undefined;
  return pickWritesOf(db).write({ userId, target, selectedOption, lockAt: state.at ?? null });
}

interface PickWrite {
  userId: number;
  target: PickTarget;
  selectedOption: string;
  /** The next lock moment lockStateOf gave, if any: the write lands only before it. */
  lockAt: Date | null;
}

/**
 * The picks of concurrent requests in one statement (decision 0033), each landing only
 * while the rows its decision read are unchanged (savePickIfUnchanged). Rows are taken in
 * (user, prop) order, as the unique index orders them, and a group or prop row that another
 * write holds is skipped rather than waited for: that pick takes the locked path alone, so a
 * result being set in one group never holds up the picks of another.
 */
const PICKS_IF_UNCHANGED = {
  name: 'picks-if-unchanged',
  text: `insert into picks (user_id, prop_id, group_id, selected_option)
    select m.user_id, p.id, p.group_id, w.selected_option
    from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
        $7::timestamptz[]) as w(user_id, prop_id, group_id, selected_option, prop_version,
        group_version, lock_at)
    join groups g on g.id = w.group_id
    join group_members m on m.group_id = g.id and m.user_id = w.user_id
    join props p on p.id = w.prop_id and p.group_id = g.id
    where p.result is null
      and p.xmin = w.prop_version::xid and g.xmin = w.group_version::xid
      and (w.lock_at is null or clock_timestamp() < w.lock_at)
    order by w.user_id, w.prop_id
    for share of g, m, p skip locked
    on conflict (user_id, prop_id) do update
      set selected_option = excluded.selected_option, updated_at = now()
    returning id, user_id, prop_id, group_id, selected_option, created_at, updated_at,
      (xmax = 0) as created`,
};

const pickKey = (userId: number, propId: number) => `${userId}:${propId}`;

const pickWritesOf = coalescedWritesPerDb<PickWrite, PickRow>((db) => ({
  keyOf: (write) => pickKey(write.userId, write.target.prop_id),
  // A bound on one statement; at the bench's 50 connections a statement holds fewer.
  maxBatch: 64,
  // Measured (decision 0033): one in flight gathered the most picks a second; a group
  // or prop row another write holds is skipped, so nothing long holds up the next.
  maxInFlight: 1,
  writeAll: async (batch) => {
    const { rows } = await writerPoolOf(db).query<PickRow>({
      ...PICKS_IF_UNCHANGED,
      values: [
        batch.map((write) => write.userId),
        batch.map((write) => write.target.prop_id),
        batch.map((write) => write.target.group_id),
        batch.map((write) => write.selectedOption),
        batch.map((write) => write.target.prop_version),
        batch.map((write) => write.target.group_version),
        batch.map((write) => write.lockAt),
      ],
    });
    return new Map(rows.map((row) => [pickKey(row.user_id, row.prop_id), row]));
  },
}));

/**
 * PUT /api/user-predictions/:id: the caller's own pick only; others' look like no pick.
 * `target` is what PICK_TARGET_ALONG read with the session (undefined: no such pick of
 * theirs in a group they are in).
 */
export async function changePick(
  db: Db,
  userId: number,
  selectedOption: string,
  target: PickTarget | undefined,
): Promise<UserPrediction> {
  if (!target) throw notFound(PICK_NOT_FOUND);
  const saved = await savePickIfUnchanged(db, userId, target, selectedOption, new Date());
  if (saved) return savedPickOf(saved).pick;
  return (await savePickLocked(db, userId, target.prop_id, selectedOption, () => new Date())).pick;
}

/**
 * The group's version (GroupAccess.version) for a member of it; a group the caller is not
 * in is a 404 like the list's own.
 */
const MEMBER_GROUP_VERSION_QUERY = {
  name: 'member-group-version',
  text: `select ${groupVersionSql('m.group_id')} as version
    from group_members m where m.group_id = $1 and m.user_id = $2`,
};

export async function memberGroupVersion(db: Db, groupId: number, userId: number) {
  const { rows } = await db.$client.query<{ version: string }>({
    ...MEMBER_GROUP_VERSION_QUERY,
    values: [groupId, userId],
  });
  if (!rows[0]) throw notFound(GROUP_NOT_FOUND);
  return rows[0].version;
}

/**
 * The caller's picks, in one group (they must be in it) or in every group they are in,
 * each with isCorrect by the scoring rule of shared/domain/group-stats.ts. One statement
 * of plain rows (no ORM mapping of 300 picks and their props); for one group the
 * membership comes with them (a row with no pick when they are in it but have picked
 * nothing) and the props are read by the group's index, not hashed whole.
 */
export async function listUserPredictions(
  db: Db,
  userId: number,
  groupId: number | undefined,
): Promise<UserPrediction[]> {
  // For one group, the left join gives a member with no pick one row of nulls.
  const { rows } = await db.execute<{ [Column in keyof ListedRow]: ListedRow[Column] | null }>(
    groupId === undefined
      ? sql`
    select k.id, k.user_id, k.prop_id, k.group_id, k.selected_option, k.created_at,
      k.updated_at, p.result
    from ${picks} k
    join ${props} p on p.id = k.prop_id and p.group_id = k.group_id
    join ${groupMembers} m on m.group_id = k.group_id and m.user_id = k.user_id
    where k.user_id = ${userId}
    order by k.group_id, k.prop_id`
      : sql`
    select k.id, k.user_id, k.prop_id, k.group_id, k.selected_option, k.created_at,
      k.updated_at, k.result
    from ${groupMembers} m
    left join lateral (
      select k.*, p.result from ${picks} k
      join ${props} p on p.id = k.prop_id and p.group_id = k.group_id
      where k.user_id = m.user_id and k.group_id = m.group_id) k on true
    where m.group_id = ${groupId} and m.user_id = ${userId}
    order by k.prop_id`,
  );
  if (groupId !== undefined && rows.length === 0) throw notFound(GROUP_NOT_FOUND);
  return rows.flatMap((row) => (row.id === null ? [] : [listedPickOf(row as ListedRow)]));
}

interface ListedRow extends PickColumns {
  result: string | null;
}

const listedPickOf = (row: ListedRow): UserPrediction => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  predictionId: Number(row.prop_id),
  groupId: Number(row.group_id),
  selectedOption: row.selected_option,
  isCorrect: isCorrectOf(row.result, row.selected_option),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
