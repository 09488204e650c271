import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { INVALID_RESULT, PROP_NOT_FOUND, type Prop } from '@shared/contract/props';
import { VOID_RESULT } from '@shared/domain/group-stats';
import type { PickSplit } from '@shared/domain/reveal';
import { jsonRow } from '../../db/json-row';
import { writerPoolOf, type Db, type Tx } from '../../db/client';
import { coalescedWritesPerDb } from '../../db/coalesced-writes';
import { groupMembers, groups, props, type GroupRow, type PropRow } from '../../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../../plugins/errors';
import {
  insertActivitySql,
  namesContrarianWinners,
  recordActivity,
  resultChangeActivity,
} from '../activity/activity.service';
import type { SessionReadAlong, SessionUser } from '../auth/sessions';
import { callerIsMemberSql, toPropView } from './prop-access';
import { pickerNamesSql, pickSplitSql } from './reveal.service';

/**
 * A leader sets, changes, voids ('N/A') or removes (null) a prop's result (product rules
 * §4 'Prop result', §5 'Set result'). Leader only, never on an imported prop; the change and its activity event
 * commit together; sending the result a prop already has changes nothing and records
 * nothing. Like a pick (decision 0032), the decision is taken on what the session's own
 * statement read (RESULT_TARGET_ALONG) and the write is one statement that lands only while
 * those rows are unchanged, concurrent results sharing it (decision 0035); anything else is
 * decided again under the locks, concurrent results sharing one transaction (decision 0033).
 */
export async function setPropResult(
  db: Db,
  leader: SessionUser,
  propId: number,
  requested: string | null,
  target: ResultTarget | undefined,
  now = new Date(),
): Promise<Prop> {
  const write = { leader, propId, requested, now };
  if (target) {
    const decided = decideResult(write, target.group, target.prop);
    if (decided instanceof HttpError) throw decided;
    const { prop, group, myPick, split } = target;
    const answer = () =>
      toPropView(
        { ...prop, result: decided.result },
        group,
        { userId: leader.id, isLeader: true },
        myPick,
        now,
        split,
      );
    if (decided.result === prop.result) return answer();
    if (await resultsIfUnchangedOf(db).write({ ...decided, target })) return answer();
  }
  // Undefined when a shared transaction failed as a whole (a deadlock): then in one of its own.
  const outcome =
    (await resultWritesOf(db).write(write)) ??
    (await resultsInOneTransaction(db, [write])).get(String(propId));
  if (outcome === undefined) throw notFound(PROP_NOT_FOUND);
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

const IMPORTED_RESULT =
  "The result of an imported prop comes from the operator's master prop, not from the group leader";
const ONLY_LEADER_RESULTS = 'Only the group leader can set or remove results';

interface ResultWrite {
  leader: SessionUser;
  propId: number;
  requested: string | null;
  now: Date;
}

interface DecidedResult {
  write: ResultWrite;
  prop: PropRow;
  group: GroupRow;
  result: string | null;
}

/**
 * Who may set this result and what it is stored as, from the prop and its group as the
 * leader's membership finds them (none: not in the group, or no such prop). A refusal is
 * the request's answer.
 */
function decideResult(
  write: ResultWrite,
  group: GroupRow | undefined,
  prop: PropRow | undefined,
): DecidedResult | HttpError {
  if (!group || !prop) return notFound(PROP_NOT_FOUND);
  if (group.leaderId !== write.leader.id) return forbidden(ONLY_LEADER_RESULTS);
  if (prop.isImported) return forbidden(IMPORTED_RESULT);
  if (write.requested === null) return { write, prop, group, result: null };
  if (write.requested.toUpperCase() === VOID_RESULT) {
    return { write, prop, group, result: VOID_RESULT };
  }
  const option = prop.options.find((candidate) => candidate.value === write.requested);
  if (!option) return badRequest(INVALID_RESULT, { result: [INVALID_RESULT] });
  return { write, prop, group, result: option.value };
}

// ---------------------------------------------------------------------------------------
// Decided on the session's read, written in one statement (decision 0035)

/**
 * What deciding a result reads, with the caller's session: the prop, its group when the
 * caller is in it, each row's version (`xmin`, which every update of the row changes), the
 * caller's own pick, the pick split and its version (as prop_picks_version reads it,
 * migration 0029), all in one snapshot.
 */
export interface ResultTarget {
  prop: PropRow;
  group: GroupRow;
  propVersion: string;
  groupVersion: string;
  myPick: MyPick | null;
  split: PickSplit;
  picksVersion: string;
}

type MyPick = { id: number; selectedOption: string };

/** The leader's own pick on the prop (SQL expressions), as the answer's myPick, or null. */
const myPickSql = (propId: string, userId: string) =>
  `(select jsonb_build_object('id', k.id, 'selectedOption', k.selected_option)
    from picks k where k.prop_id = ${propId} and k.user_id = ${userId})`;

const PROP_ROW = jsonRow(props, 'p', 'rt_prop');
const GROUP_ROW = jsonRow(groups, 'g', 'rt_group');

/** The prop named by the route's :id (`$4`), read with the session of the caller `u`. */
export const RESULT_TARGET_ALONG: SessionReadAlong = {
  name: 'result-target',
  columns: [
    'p.id as rt_prop_id',
    'g.id as rt_group_id',
    PROP_ROW.sql,
    GROUP_ROW.sql,
    'p.xmin::text as rt_prop_version',
    'g.xmin::text as rt_group_version',
    `${myPickSql('p.id', 'u.id')} as rt_my_pick`,
    `${pickSplitSql('p.id')} as rt_split`,
    // prop_picks_version's expression (migration 0029) in this statement's own snapshot, the
    // one the split is read in: the function, volatile, would read a snapshot of its own, and
    // a pick committed between the two would be in the version but not in the split.
    `(select coalesce(string_agg(c.xmin::text, ',' order by c.option), '')
      from prop_pick_counts c where c.prop_id = p.id) as rt_picks_version`,
  ].join(', '),
  joins: `left join props p on p.id = $4
    left join groups g on g.id = p.group_id and ${callerIsMemberSql('u.id')}`,
};

interface ResultTargetRow extends Record<string, unknown> {
  rt_prop_id: number | null;
  rt_group_id: number | null;
  rt_prop_version: string;
  rt_group_version: string;
  rt_my_pick: MyPick | null;
  rt_split: PickSplit;
  rt_picks_version: string;
}

/**
 * The target a requireUserReading guard read; undefined when the prop is not in a group the
 * caller is in (the locked path then answers its 404).
 */
export function resultTargetOf(row: ResultTargetRow): ResultTarget | undefined {
  if (row.rt_prop_id === null || row.rt_group_id === null) return undefined;
  return {
    prop: PROP_ROW.rowOf(row),
    group: GROUP_ROW.rowOf(row),
    propVersion: row.rt_prop_version,
    groupVersion: row.rt_group_version,
    myPick: row.rt_my_pick,
    split: row.rt_split,
    picksVersion: row.rt_picks_version,
  };
}

interface DecidedOnRead extends DecidedResult {
  target: ResultTarget;
}

/**
 * The results of concurrent requests in one statement, each landing only while what its
 * decision read is unchanged: the prop and group rows (their versions), the leader's
 * membership, and the prop's picks (prop_picks_version, read once the prop row is held, so
 * no pick can land between it and the result). A group, membership or prop row another
 * write holds is skipped rather than waited for: that result takes the locked path alone.
 * With it, its activity line (contrarian winners named by the picks the split counted) and,
 * through the triggers, the standings and the live events.
 */
const RESULTS_IF_UNCHANGED = {
  name: 'results-if-unchanged',
  text: `with w as (
      select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
        $7::text[], $8::text[], $9::jsonb[], $10::boolean[])
        as w(prop_id, group_id, leader_id, result, prop_version, group_version, picks_version,
          event_type, event_data, names_winners)
    ),
    held as (
      select p.id
      from w
      join props p on p.id = w.prop_id
      join groups g on g.id = w.group_id
      join group_members m on m.group_id = w.group_id and m.user_id = w.leader_id
      -- The prop row as read is in w.group_id; its group is not compared again, so the
      -- rows are found by their keys.
      where p.xmin = w.prop_version::xid and g.xmin = w.group_version::xid
      order by g.id, p.id
      for share of g, m skip locked
      for no key update of p skip locked
    ),
    decided as (
      update props p set result = w.result
      from held h join w on w.prop_id = h.id
      where p.id = h.id and prop_picks_version(h.id) = w.picks_version
      returning p.id, p.group_id
    ),
    recorded as (
      ${insertActivitySql(`select d.group_id, d.id as prediction_id, w.leader_id as actor_id,
          w.event_type, w.event_data,
          case when w.names_winners then ${pickerNamesSql('d.id', 'w.result')} end
            as contrarian_winners
        from decided d join w on w.prop_id = d.id`)}
    )
    select id from decided`,
};

const resultsIfUnchangedOf = coalescedWritesPerDb<DecidedOnRead, true>((db) => ({
  keyOf: (write) => String(write.prop.id),
  maxBatch: 64,
  // As picks: one in flight, a row another write holds skipped. Measured (decision 0035):
  // two or four in flight served fewer results a second, each statement as slow with 10 or
  // 5 results as one with 22.
  maxInFlight: 1,
  writeAll: async (batch) => {
    // Each result changes the prop (an unchanged one was answered without a write), so each
    // has its line.
    const lines = batch.map(({ prop, result, target }) => {
      const line = resultChangeActivity(prop, prop.result, result);
      if (!line) throw new Error(`result of prop ${prop.id}: nothing changed to record`);
      return { ...line, namesWinners: namesContrarianWinners(line, target.split) };
    });
    const { rows } = await writerPoolOf(db).query<{ id: number }>({
      ...RESULTS_IF_UNCHANGED,
      values: [
        batch.map(({ prop }) => prop.id),
        batch.map(({ prop }) => prop.groupId),
        batch.map(({ write }) => write.leader.id),
        batch.map(({ result }) => result),
        batch.map(({ target }) => target.propVersion),
        batch.map(({ target }) => target.groupVersion),
        batch.map(({ target }) => target.picksVersion),
        lines.map((line) => line.eventType),
        lines.map((line) => line.eventData),
        lines.map((line) => line.namesWinners),
      ],
    });
    return new Map(rows.map((row) => [String(row.id), true as const]));
  },
}));

// ---------------------------------------------------------------------------------------
// Decided under the locks, concurrent results in one transaction (decision 0033)

/** A result's answer: the prop as the leader now sees it, or why it was refused. */
type ResultOutcome = Prop | HttpError;

const resultWritesOf = coalescedWritesPerDb<ResultWrite, ResultOutcome>((db) => ({
  keyOf: (write) => String(write.propId),
  maxBatch: 64,
  // A transaction waits for the rows it locks (pickers of the prop): two in flight keep
  // one group's wait from holding up every other group's results on the instance.
  maxInFlight: 2,
  writeAll: (batch) => resultsInOneTransaction(db, batch),
}));

/** The results of `batch` in one transaction; each refusal is that result's own answer. */
async function resultsInOneTransaction(
  db: Db,
  batch: readonly ResultWrite[],
): Promise<Map<string, ResultOutcome>> {
  return db.transaction(async (tx) => {
    const outcomes = new Map<string, ResultOutcome>();
    const decided = await decideResults(tx, batch, outcomes);
    await writeResults(tx, decided, outcomes);
    return outcomes;
  });
}

/**
 * Locks every prop of the batch as lockPropForWrite does one (the groups and the leaders'
 * memberships shared, then the props, each in id order) and decides each result under
 * those locks; a refusal goes to `outcomes`.
 */
async function decideResults(
  tx: Tx,
  batch: readonly ResultWrite[],
  outcomes: Map<string, ResultOutcome>,
): Promise<DecidedResult[]> {
  const propIds = batch.map((write) => write.propId);
  const leaderIds = [...new Set(batch.map((write) => write.leader.id))];
  // Named statements with array parameters: parsed and planned once per connection, not
  // once per batch (planning the join was most of its cost).
  const access = await tx
    .select({ group: groups, propId: props.id, userId: groupMembers.userId })
    .from(props)
    .innerJoin(groups, eq(groups.id, props.groupId))
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), anyOf(groupMembers.userId, 'leaderIds')),
    )
    .where(anyOf(props.id, 'propIds'))
    .orderBy(groups.id)
    .for('share', { of: [groups, groupMembers] })
    .prepare('results-access')
    .execute({ propIds, leaderIds });
  const groupOf = new Map(access.map((row) => [`${row.propId}:${row.userId}`, row.group]));
  // Read again under their own locks: deleted, decided or edited meanwhile.
  const locked = await tx
    .select()
    .from(props)
    .where(anyOf(props.id, 'propIds'))
    .orderBy(props.id)
    .for('no key update')
    .prepare('results-lock-props')
    .execute({ propIds });
  const propOf = new Map(locked.map((prop) => [prop.id, prop]));
  return batch.flatMap((write) => {
    const decided = decideResult(
      write,
      groupOf.get(`${write.propId}:${write.leader.id}`),
      propOf.get(write.propId),
    );
    if (!(decided instanceof HttpError)) return [decided];
    outcomes.set(String(write.propId), decided);
    return [];
  });
}

/** Writes the changed results and their activity, and answers each with its prop. */
async function writeResults(
  tx: Tx,
  decided: readonly DecidedResult[],
  outcomes: Map<string, ResultOutcome>,
): Promise<void> {
  if (decided.length === 0) return;
  const seen = await leaderPicksAndSplits(tx, decided);
  const changed = decided.filter(({ prop, result }) => result !== prop.result);
  if (changed.length > 0) {
    await tx
      .update(props)
      .set({ result: sql`w.result` })
      .from(
        sql`unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('results')}::text[])
          as w(id, result)`,
      )
      .where(sql`${props.id} = w.id`)
      .prepare('results-write')
      .execute({
        ids: changed.map(({ prop }) => prop.id),
        results: changed.map(({ result }) => result),
      });
    await recordActivity(
      tx,
      changed.flatMap(({ write, prop, result }) => {
        const change = resultChangeActivity(prop, prop.result, result);
        return change
          ? [{ groupId: prop.groupId, predictionId: prop.id, actorId: write.leader.id, ...change }]
          : [];
      }),
      new Map(changed.map(({ prop }) => [prop.id, seen.get(prop.id)?.split ?? {}])),
    );
  }
  for (const { write, prop, group, result } of decided) {
    const { myPick = null, split = {} } = seen.get(prop.id) ?? {};
    const viewer = { userId: write.leader.id, isLeader: true };
    outcomes.set(
      String(prop.id),
      toPropView({ ...prop, result }, group, viewer, myPick, write.now, split),
    );
  }
}

/**
 * Each leader's own pick on their prop and its pick split, in one statement, read once the
 * props are locked.
 */
async function leaderPicksAndSplits(tx: Tx, decided: readonly DecidedResult[]) {
  const rows = await tx
    .select({
      propId: sql<number>`w.prop_id`,
      myPick: sql<MyPick | null>`${sql.raw(myPickSql('w.prop_id', 'w.user_id'))}`,
      split: sql<PickSplit>`${sql.raw(pickSplitSql('w.prop_id'))}`,
    })
    .from(
      sql`unnest(${sql.placeholder('propIds')}::int[], ${sql.placeholder('userIds')}::int[])
        as w(prop_id, user_id)`,
    )
    .prepare('results-leader-picks')
    .execute({
      propIds: decided.map(({ prop }) => prop.id),
      userIds: decided.map(({ write }) => write.leader.id),
    });
  return new Map(rows.map((row) => [Number(row.propId), { myPick: row.myPick, split: row.split }]));
}

/** `column = any(array)`, the array a named placeholder of a prepared statement. */
const anyOf = (column: AnyPgColumn, placeholder: string) =>
  sql`${column} = any(${sql.placeholder(placeholder)}::int[])`;
