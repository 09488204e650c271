import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { INVALID_RESULT, PROP_NOT_FOUND, type Prop } from '@shared/contract/props';
import { NOT_LINKED, REASON_REQUIRED } from '@shared/contract/result-override';
import { VOID_RESULT } from '@shared/domain/group-stats';
import {
  RESULT_REMOVAL_REOPENS,
  resultRemovalReopensPicks,
  totalPicksOf,
  type PickSplit,
} from '@shared/domain/reveal';
import { jsonRow } from '../../db/json-row';
import { writerPoolOf, type Db, type Tx } from '../../db/client';
import { coalescedWritesPerDb } from '../../db/coalesced-writes';
import {
  games,
  groupMembers,
  groups,
  propPickCounts,
  props,
  type GameRow,
  type GroupRow,
  type PropRow,
} from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  insertActivitySql,
  namesContrarianWinners,
  recordActivity,
  resultChangeActivity,
  type ResultHow,
} from '../activity/activity.service';
import { recordAudit, sameResultOf } from '../audit/audit.service';
import { automaticResultOfProp } from './automatic-result';
import type { ReadWithSession, SessionUser } from '../auth/sessions';
import { callerIsMemberSql, toPropView } from './prop-access';
import { pickerNamesSql, pickSplitSql } from './reveal.service';

/**
 * Product rules §4 'Prop result', §5 'Set result': leader only, never on an imported prop;
 * sending the result a prop already has records nothing. Like a pick, the decision is taken
 * on what the session's statement read and the write lands only while those rows are
 * unchanged (concurrent results share the statement); otherwise it is decided again under
 * the locks (concurrent results share one transaction).
 */
export async function setPropResult(
  db: Db,
  leader: SessionUser,
  propId: number,
  input: { result: string | null; reason: string | null },
  target: ResultTarget | undefined,
  now = new Date(),
): Promise<Prop> {
  const write: ResultWrite = {
    leader,
    propId,
    requested: input.result,
    reason: input.reason,
    automatic: false,
    now,
  };
  // An override of the feed or a result with a reason is rare: decided under the locks,
  // where its flag and its line are written with it.
  if (target && target.prop.gameId === null && input.reason === null) {
    const decided = decideResult(
      write,
      target.group,
      target.prop,
      undefined,
      totalPicksOf(target.split),
    );
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
  return lockedResult(db, write);
}

/** Product rules §4 'Game-linked props': its result is what the game gives now, none while it is not over. */
export async function returnPropToAutomatic(
  db: Db,
  leader: SessionUser,
  propId: number,
  now = new Date(),
): Promise<Prop> {
  return lockedResult(db, { leader, propId, requested: null, reason: null, automatic: true, now });
}

async function lockedResult(db: Db, write: ResultWrite): Promise<Prop> {
  // Undefined when a shared transaction failed as a whole (a deadlock): then in one of its own.
  const outcome =
    (await resultWritesOf(db).write(write)) ??
    (await resultsInOneTransaction(db, [write])).get(String(write.propId));
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
  /** Ignored for a return to automatic. */
  requested: string | null;
  reason: string | null;
  automatic: boolean;
  now: Date;
}

interface DecidedResult {
  write: ResultWrite;
  prop: PropRow;
  group: GroupRow;
  result: string | null;
  /** After the write (only a linked prop can be). */
  overridden: boolean;
  /** Decided under the locks only. */
  game?: GameRow | null;
}

/** From the prop and group as the leader's membership finds them; a refusal is the answer. */
function decideResult(
  write: ResultWrite,
  group: GroupRow | undefined,
  prop: PropRow | undefined,
  game: GameRow | undefined,
  /** A removed result must not open seen picks again. */
  pickCount: number,
): DecidedResult | HttpError {
  if (!group || !prop) return notFound(PROP_NOT_FOUND);
  if (group.leaderId !== write.leader.id) return forbidden(ONLY_LEADER_RESULTS);
  if (prop.isImported) return forbidden(IMPORTED_RESULT);
  if (write.automatic) {
    if (prop.gameId === null || !game) return conflict(NOT_LINKED);
    return {
      write,
      prop,
      group,
      result: automaticResultOfProp(game, prop, write.now),
      overridden: false,
    };
  }
  const overridden = prop.gameId !== null;
  if (overridden && write.reason === null) {
    return badRequest(REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  }
  if (write.requested === null) {
    if (resultRemovalReopensPicks({ ...prop, pickCount }, group, write.now)) {
      return conflict(RESULT_REMOVAL_REOPENS);
    }
    return { write, prop, group, result: null, overridden };
  }
  if (write.requested.toUpperCase() === VOID_RESULT) {
    return { write, prop, group, result: VOID_RESULT, overridden };
  }
  const option = prop.options.find((candidate) => candidate.value === write.requested);
  if (!option) return badRequest(INVALID_RESULT, { result: [INVALID_RESULT] });
  return { write, prop, group, result: option.value, overridden };
}

// Decided on the session's read, written in one statement.

/**
 * Read with the caller's session in one snapshot: the prop, its group when the caller is
 * in it, each row's version (`xmin`), the caller's own pick, and the pick split with its
 * version (as prop_picks_version reads it).
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

const myPickSql = (propId: string, userId: string) =>
  `(select jsonb_build_object('id', k.id, 'selectedOption', k.selected_option)
    from picks k where k.prop_id = ${propId} and k.user_id = ${userId})`;

const PROP_ROW = jsonRow(props, 'p', 'rt_prop');
const GROUP_ROW = jsonRow(groups, 'g', 'rt_group');

/** The prop named by the route's :id (`$4`), the caller `u`. */
export const RESULT_TARGET_READ: ReadWithSession = {
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
    // prop_picks_version's expression (db/derived/pick-counts.sql) in this statement's own
    // snapshot: the volatile function would read its own, and a pick committed between the
    // two would be in the version but not in the split.
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

/** Undefined when the prop is not in a group the caller is in (the locked path answers its 404). */
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
 * Concurrent results in one statement, each landing only while what it read is unchanged:
 * the prop and group rows, the membership, and the picks (prop_picks_version, read once the
 * prop row is held). A row another write holds is skipped: that result takes the locked
 * path alone. Its activity line comes with it; the triggers do standings and live events.
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
  // As picks: one in flight, a held row skipped (more in flight served fewer results a second).
  maxInFlight: 1,
  writeAll: async (batch) => {
    // An unchanged result was answered without a write, so each here has its line.
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

// Decided under the locks, concurrent results in one transaction.

type ResultOutcome = Prop | HttpError;

const resultWritesOf = coalescedWritesPerDb<ResultWrite, ResultOutcome>((db) => ({
  keyOf: (write) => String(write.propId),
  maxBatch: 64,
  // Two in flight keep one group's wait for its pickers from holding up every other group.
  maxInFlight: 2,
  writeAll: (batch) => resultsInOneTransaction(db, batch),
}));

/** Each refusal is that result's own answer. */
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

/** Rare: one small read. */
async function pickCountsOfRemovals(
  tx: Tx,
  batch: readonly ResultWrite[],
): Promise<Map<number, number>> {
  const ids = batch.filter((write) => write.requested === null && !write.automatic);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      propId: propPickCounts.propId,
      picks: sql<number>`sum(${propPickCounts.count})::int`,
    })
    .from(propPickCounts)
    .where(
      inArray(
        propPickCounts.propId,
        ids.map((write) => write.propId),
      ),
    )
    .groupBy(propPickCounts.propId);
  return new Map(rows.map((row) => [row.propId, Number(row.picks)]));
}

/** As lockPropForWrite does one: groups and memberships shared, then the props, each in id order. */
async function decideResults(
  tx: Tx,
  batch: readonly ResultWrite[],
  outcomes: Map<string, ResultOutcome>,
): Promise<DecidedResult[]> {
  const propIds = batch.map((write) => write.propId);
  const leaderIds = [...new Set(batch.map((write) => write.leader.id))];
  // Named statements with array parameters: planned once per connection, not per batch.
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
  const gameOf = await gamesOfLinked(tx, locked);
  const pickCounts = await pickCountsOfRemovals(tx, batch);
  return batch.flatMap((write) => {
    const prop = propOf.get(write.propId);
    const game = prop?.gameId ? gameOf.get(prop.gameId) : undefined;
    const decided = decideResult(
      write,
      groupOf.get(`${write.propId}:${write.leader.id}`),
      prop,
      game,
      pickCounts.get(write.propId) ?? 0,
    );
    if (!(decided instanceof HttpError)) return [{ ...decided, game: game ?? null }];
    outcomes.set(String(write.propId), decided);
    return [];
  });
}

/**
 * The activity lines audit the results; a linked prop whose flag alone changed has no line,
 * so its audit entry is written here.
 */
async function writeResults(
  tx: Tx,
  decided: readonly DecidedResult[],
  outcomes: Map<string, ResultOutcome>,
): Promise<void> {
  if (decided.length === 0) return;
  const seen = await leaderPicksAndSplits(tx, decided);
  const changed = decided.filter(
    ({ prop, result, overridden }) =>
      result !== prop.result || overridden !== prop.resultOverridden,
  );
  if (changed.length > 0) {
    await tx
      .update(props)
      .set({ result: sql`w.result`, resultOverridden: sql`w.overridden` })
      .from(
        sql`unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('results')}::text[],
          ${sql.placeholder('overridden')}::boolean[]) as w(id, result, overridden)`,
      )
      .where(sql`${props.id} = w.id`)
      .prepare('results-write')
      .execute({
        ids: changed.map(({ prop }) => prop.id),
        results: changed.map(({ result }) => result),
        overridden: changed.map(({ overridden }) => overridden),
      });
    const howOf = ({ write, prop }: DecidedResult): ResultHow =>
      prop.gameId === null
        ? { reason: write.reason }
        : { mode: write.automatic ? 'automatic' : 'override', reason: write.reason };
    await recordActivity(
      tx,
      changed.flatMap((one) => {
        const { write, prop, result } = one;
        const change = resultChangeActivity(prop, prop.result, result, howOf(one));
        return change
          ? [{ groupId: prop.groupId, predictionId: prop.id, actorId: write.leader.id, ...change }]
          : [];
      }),
      new Map(changed.map(({ prop }) => [prop.id, seen.get(prop.id)?.split ?? {}])),
    );
    await recordAudit(
      tx,
      changed
        .filter(({ prop, result }) => result === prop.result)
        .map(({ write, prop, result }) => ({
          groupId: prop.groupId,
          propId: prop.id,
          masterPropId: prop.masterPropId,
          title: prop.title,
          actorId: write.leader.id,
          kind: write.automatic ? ('automatic' as const) : ('overridden' as const),
          ...sameResultOf(prop.options, result),
          reason: write.reason,
        })),
    );
  }
  for (const { write, prop, group, result, overridden, game } of decided) {
    const { myPick = null, split = {} } = seen.get(prop.id) ?? {};
    const viewer = { userId: write.leader.id, isLeader: true };
    outcomes.set(
      String(prop.id),
      toPropView(
        { ...prop, result, resultOverridden: overridden },
        group,
        viewer,
        myPick,
        write.now,
        split,
        null,
        game,
      ),
    );
  }
}

async function gamesOfLinked(tx: Tx, locked: readonly PropRow[]): Promise<Map<number, GameRow>> {
  const gameIds = locked.flatMap((prop) => (prop.gameId === null ? [] : [prop.gameId]));
  if (gameIds.length === 0) return new Map();
  const rows = await tx.select().from(games).where(inArray(games.id, gameIds));
  return new Map(rows.map((game) => [game.id, game]));
}

/** One statement, once the props are locked. */
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

const anyOf = (column: AnyPgColumn, placeholder: string) =>
  sql`${column} = any(${sql.placeholder(placeholder)}::int[])`;
