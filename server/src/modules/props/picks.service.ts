import { and, eq, sql } from 'drizzle-orm';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import {
  ORGANIZER_DOES_NOT_PICK,
  PICK_NOT_FOUND,
  PROP_LOCKED,
  type UserPrediction,
} from '@shared/contract/props';
import { isCorrectOf } from '@shared/domain/group-stats';
import { lockStateOf, type LockType } from '@shared/domain/lock-state';
import { writerPoolOf, type Db } from '../../db/client';
import type { ReadWithSession } from '../auth/sessions';
import { groupVersionSql } from '../../db/group-versions';
import { groupMembers, picks, props } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { coalescedWritesPerDb } from '../../db/coalesced-writes';
import { assertUnlocked, callerIsMemberSql, lockPropForWrite } from './prop-access';

const NOT_AN_OPTION = "Choose one of this prop's options";

interface PickColumns extends Record<string, unknown> {
  id: number;
  user_id: number;
  prop_id: number;
  group_id: number;
  selected_option: string;
  confidence: number | null;
  is_lock: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

interface PickRow extends PickColumns {
  created: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Saves the caller's pick on a prop, made or changed (product rules §4 'A user's pick'):
 * contestants only, one of the prop's option values, while lockStateOf says the prop is
 * open at the server's clock. The unique index (user_id, prop_id) decides between insert
 * and update.
 */
export async function savePick(
  db: Db,
  userId: number,
  propId: number,
  selectedOption: string,
  now: () => Date = () => new Date(),
): Promise<{ pick: UserPrediction; created: boolean }> {
  const target = await readPickTarget(db, propId, userId);
  return savePickDecidedOn(db, userId, propId, target, selectedOption, now);
}

/** `target` undefined: no such pick of theirs in a group they are in (others' look like none). */
export async function changePick(
  db: Db,
  userId: number,
  selectedOption: string,
  target: PickTarget | undefined,
): Promise<UserPrediction> {
  if (!target) throw notFound(PICK_NOT_FOUND);
  const now = () => new Date();
  return (await savePickDecidedOn(db, userId, target.prop_id, target, selectedOption, now)).pick;
}

/**
 * A pick is decided on what was read without locks (`target`) and, when that says yes,
 * written with the picks other requests are saving at the same moment: one statement that
 * lands only while the rows read are unchanged (savePickWithOthers). Anything else (a
 * refusal, a row changed since the read, a row another write holds) is decided again under
 * the locks (savePickUnderLocks), which waits for a held row and gives a refusal its words.
 */
async function savePickDecidedOn(
  db: Db,
  userId: number,
  propId: number,
  target: PickTarget | undefined,
  selectedOption: string,
  now: () => Date,
): Promise<{ pick: UserPrediction; created: boolean }> {
  const written = target && (await savePickWithOthers(db, userId, target, selectedOption, now()));
  return written
    ? savedPickOf(written)
    : savePickUnderLocks(db, userId, propId, selectedOption, now);
}

/** Under the locks: the group (shared), then the prop (shared). */
async function savePickUnderLocks(
  db: Db,
  userId: number,
  propId: number,
  selectedOption: string,
  now: () => Date,
): Promise<{ pick: UserPrediction; created: boolean }> {
  return db.transaction(async (tx) => {
    const { prop, group } = await lockPropForWrite(tx, propId, userId, 'share');
    const [membership] = await tx
      .select({ isContestant: groupMembers.isContestant })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)));
    if (!membership?.isContestant) throw forbidden(ORGANIZER_DOES_NOT_PICK);
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
      returning id, user_id, prop_id, group_id, selected_option, confidence, is_lock, created_at,
      updated_at,
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
    confidence: row.confidence,
    isLock: row.is_lock,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  },
});

/**
 * Each row's version (`xmin`) lets the write check that nothing changed since. Plain
 * prepared statements: a pick is the busiest write of a big group.
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
 * Read with the session by the caller's own pick (`$4`, the caller `u`). Nulls when the pick
 * is not theirs (as if it did not exist) or they left its group.
 */
export const PICK_TARGET_READ: ReadWithSession = {
  name: 'pick-target',
  columns: 't.*',
  joins: `left join lateral (select ${PICK_TARGET_COLUMNS}
      from picks k join props p on p.id = k.prop_id join groups g on g.id = p.group_id
      where k.id = $4 and k.user_id = u.id and ${callerIsMemberSql('u.id')}) t on true`,
};

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
 * The pick written together with those of concurrent requests, when the decision taken on
 * `target` says yes and still holds as the statement runs: the prop and group rows are the
 * versions decided on, the caller still a member and the next lock moment still ahead on
 * the database's clock. Undefined otherwise.
 */
async function savePickWithOthers(
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
  const write = { userId, target, selectedOption, lockAt: state.at ?? null };
  return picksSavedTogether(db).write(write);
}

interface PickWrite {
  userId: number;
  target: PickTarget;
  selectedOption: string;
  /** The write lands only before it. */
  lockAt: Date | null;
}

/**
 * Concurrent picks in one statement, each landing only while its rows are unchanged. Rows
 * are taken in (user, prop) order; a group or prop row another write holds is skipped, so
 * that pick takes the locked path alone and a result in one group never holds up another's.
 */
const PICKS_IF_UNCHANGED = {
  name: 'picks-if-unchanged',
  text: `insert into picks (user_id, prop_id, group_id, selected_option)
    select m.user_id, p.id, p.group_id, w.selected_option
    from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
        $7::timestamptz[]) as w(user_id, prop_id, group_id, selected_option, prop_version,
        group_version, lock_at)
    join groups g on g.id = w.group_id
    join group_members m on m.group_id = g.id and m.user_id = w.user_id and m.is_contestant
    join props p on p.id = w.prop_id and p.group_id = g.id
    where p.result is null
      and p.xmin = w.prop_version::xid and g.xmin = w.group_version::xid
      and (w.lock_at is null or clock_timestamp() < w.lock_at)
    order by w.user_id, w.prop_id
    for share of g, m, p skip locked
    on conflict (user_id, prop_id) do update
      set selected_option = excluded.selected_option, updated_at = now()
    returning id, user_id, prop_id, group_id, selected_option, confidence, is_lock, created_at,
      updated_at,
      (xmax = 0) as created`,
};

const pickKey = (userId: number, propId: number) => `${userId}:${propId}`;

/**
 * The picks arriving while a statement is in flight go together in the next: on a busy
 * Sunday fifty picks cost one statement and one commit instead of fifty.
 */
const picksSavedTogether = coalescedWritesPerDb<PickWrite, PickRow>((db) => ({
  keyOf: (write) => pickKey(write.userId, write.target.prop_id),
  maxBatch: 64,
  // One in flight gathers the most picks a second; a held row is skipped, so nothing waits long.
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

/** A group the caller is not in is a 404 like the list's own. */
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
 * In one group (they must be in it) or in all of theirs, each with isCorrect by the scoring
 * rule. One statement of plain rows; for one group the props are read by the group's index.
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
    select k.id, k.user_id, k.prop_id, k.group_id, k.selected_option, k.confidence, k.is_lock,
      k.created_at,
      k.updated_at, p.result
    from ${picks} k
    join ${props} p on p.id = k.prop_id and p.group_id = k.group_id
    join ${groupMembers} m on m.group_id = k.group_id and m.user_id = k.user_id
    where k.user_id = ${userId}
    order by k.group_id, k.prop_id`
      : sql`
    select k.id, k.user_id, k.prop_id, k.group_id, k.selected_option, k.confidence, k.is_lock,
      k.created_at,
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
  confidence: row.confidence,
  isLock: row.is_lock,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
