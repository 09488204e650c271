import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import { INVALID_RESULT, PROP_NOT_FOUND, type Prop } from '@shared/contract/props';
import type { CustomPropFields } from '@shared/domain/custom-prop';
import type { PickSplit } from '@shared/domain/reveal';
import { VOID_RESULT } from '@shared/domain/group-stats';
import {
  SAMPLE_PROPS,
  SAMPLE_PROP_SPORTS,
  isSampleSport,
  nextGameDateFor,
  type SampleSport,
} from '@shared/sample-props';
import type { Db, Tx } from '../../db/client';
import {
  groupMembers,
  groups,
  picks,
  propPickCounts,
  props,
  type GroupRow,
  type PropRow,
} from '../../db/schema';
import { coalescedWritesPerDb } from '../../db/coalesced-writes';
import { HttpError, badRequest, forbidden, notFound, unprocessable } from '../../plugins/errors';
import { recordActivity, resultChangeActivity } from '../activity/activity.service';
import type { SessionUser } from '../auth/sessions';
import { resetPicksOnLineChanges } from './line-changes';
import { assertUnlocked, canManage, lockPropForWrite, toPropView } from './prop-access';
import { pickSplitsOf } from './reveal.service';

/** The fields a create or an edit stores, after the shared custom-prop schema. */
export type PropFields = Pick<
  CustomPropFields,
  'sport' | 'title' | 'description' | 'gameDate' | 'options'
>;

const ONLY_LEADER_CREATES = 'Only the group leader can create props in this group';
const CANNOT_MANAGE = 'Only the group leader or the member who created this prop can change it';
const IMPORTED_NOT_EDITABLE =
  "Imported props cannot be edited: they follow the operator's master prop";
const IMPORTED_RESULT =
  "The result of an imported prop comes from the operator's master prop, not from the group leader";
const ONLY_LEADER_RESULTS = 'Only the group leader can set or remove results';

/**
 * A custom prop: open (no result), active, created by the caller. Leaders always; other
 * members only where the group allows member props. Recorded as a 'new' activity event.
 */
export async function createProp(
  db: Db,
  user: SessionUser,
  groupId: number,
  fields: PropFields,
  now = new Date(),
): Promise<Prop> {
  return db.transaction(async (tx) => {
    const [access] = await tx
      .select({ group: groups })
      .from(groups)
      .innerJoin(
        groupMembers,
        and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, user.id)),
      )
      .where(eq(groups.id, groupId))
      .for('share');
    if (!access) throw notFound(GROUP_NOT_FOUND);
    const isLeader = access.group.leaderId === user.id;
    if (!isLeader && !access.group.allowMemberProps) throw forbidden(ONLY_LEADER_CREATES);
    const [prop] = await tx
      .insert(props)
      .values({
        groupId,
        sport: fields.sport,
        title: fields.title,
        description: fields.description,
        options: fields.options,
        gameDate: fields.gameDate,
        result: null,
        isActive: true,
        isImported: false,
        createdBy: user.id,
      })
      .returning();
    if (!prop) throw new Error('insert into props returned no row');
    await recordActivity(tx, [
      {
        groupId,
        predictionId: prop.id,
        actorId: user.id,
        eventType: 'new',
        eventData: { type: 'custom', title: prop.title, sport: prop.sport },
      },
    ]);
    return toPropView(prop, access.group, { userId: user.id, isLeader }, null, now, {});
  });
}

/**
 * Edits a custom prop while it is unlocked. When its options or line change, every pick
 * on it is reset in the same transaction and the feed says so (decision 0020: those
 * members pick again), so no pick can point at nothing or at a bet nobody made.
 */
export async function editProp(
  db: Db,
  userId: number,
  propId: number,
  fields: PropFields,
  now = new Date(),
): Promise<Prop> {
  return db.transaction(async (tx) => {
    const { prop, group, isLeader } = await lockPropForWrite(tx, propId, userId, 'no key update');
    const viewer = { userId, isLeader };
    if (!canManage(prop, group, viewer)) throw forbidden(CANNOT_MANAGE);
    if (prop.isImported) throw forbidden(IMPORTED_NOT_EDITABLE);
    assertUnlocked(prop, group, now);
    const [updated] = await tx
      .update(props)
      .set({
        sport: fields.sport,
        title: fields.title,
        description: fields.description,
        options: fields.options,
        gameDate: fields.gameDate,
      })
      .where(eq(props.id, propId))
      .returning();
    if (!updated) throw notFound('Prop not found');
    await resetPicksOnLineChanges(
      tx,
      [{ propId, groupId: prop.groupId, before: prop, after: updated, result: updated.result }],
      userId,
    );
    const [myPick] = await tx
      .select({ id: picks.id, selectedOption: picks.selectedOption })
      .from(picks)
      .where(and(eq(picks.propId, propId), eq(picks.userId, userId)));
    const splits = await pickSplitsOf(tx, { propIds: [propId] });
    return toPropView(updated, group, viewer, myPick ?? null, now, splits.get(propId) ?? {});
  });
}

/** The stored spelling of a result the leader chose, or a 400 when it is not a choice. */
function resultChoiceOf(prop: PropRow, requested: string): string {
  if (requested.toUpperCase() === VOID_RESULT) return VOID_RESULT;
  const option = prop.options.find((candidate) => candidate.value === requested);
  if (!option) throw badRequest(INVALID_RESULT, { result: [INVALID_RESULT] });
  return option.value;
}

/**
 * Sets, changes, voids ('N/A') or removes (null) a result. Leader only, never on an
 * imported prop. The change and its activity event commit together; sending the result a
 * prop already has changes nothing and records nothing. Concurrent results share one
 * transaction (decision 0033): one statement each to lock, read, write and record for all
 * of them, and one run of the triggers that keep standings and live events.
 */
export async function setPropResult(
  db: Db,
  leader: SessionUser,
  propId: number,
  requested: string | null,
  now = new Date(),
): Promise<Prop> {
  const write = { leader, propId, requested, now };
  // Undefined when a shared transaction failed as a whole (a deadlock): then in one of its own.
  const outcome =
    (await resultWritesOf(db).write(write)) ??
    (await resultsInOneTransaction(db, [write])).get(String(propId));
  if (outcome === undefined) throw notFound(PROP_NOT_FOUND);
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

interface ResultWrite {
  leader: SessionUser;
  propId: number;
  requested: string | null;
  now: Date;
}

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

interface DecidedResult {
  write: ResultWrite;
  prop: PropRow;
  group: GroupRow;
  result: string | null;
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
    try {
      const group = groupOf.get(`${write.propId}:${write.leader.id}`);
      const prop = propOf.get(write.propId);
      if (!group || !prop) throw notFound(PROP_NOT_FOUND);
      if (group.leaderId !== write.leader.id) throw forbidden(ONLY_LEADER_RESULTS);
      if (prop.isImported) throw forbidden(IMPORTED_RESULT);
      const result = write.requested === null ? null : resultChoiceOf(prop, write.requested);
      return [{ write, prop, group, result }];
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      outcomes.set(String(write.propId), error);
      return [];
    }
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
 * Each leader's own pick on their prop and its pick split (as pickSplitsOf reads it:
 * options with at least one pick), in one statement, read once the props are locked.
 */
async function leaderPicksAndSplits(tx: Tx, decided: readonly DecidedResult[]) {
  const rows = await tx
    .select({
      propId: sql<number>`w.prop_id`,
      myPick: sql<{ id: number; selectedOption: string } | null>`(
        select jsonb_build_object('id', k.id, 'selectedOption', k.selected_option)
        from ${picks} k where k.prop_id = w.prop_id and k.user_id = w.user_id)`,
      split: sql<PickSplit>`(
        select coalesce(jsonb_object_agg(c.option, c.count), '{}'::jsonb)
        from ${propPickCounts} c where c.prop_id = w.prop_id and c.count > 0)`,
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

/** Deletes an unlocked prop and the picks on it, recording prop_deleted (title, sport). */
export async function deleteProp(
  db: Db,
  userId: number,
  propId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { prop, group, isLeader } = await lockPropForWrite(tx, propId, userId, 'update');
    if (!canManage(prop, group, { userId, isLeader })) throw forbidden(CANNOT_MANAGE);
    assertUnlocked(prop, group, now);
    // Picks go with the prop (foreign key cascade).
    await tx.delete(props).where(eq(props.id, propId));
    await recordActivity(tx, [
      {
        groupId: prop.groupId,
        predictionId: prop.id,
        actorId: userId,
        eventType: 'prop_deleted',
        eventData: { title: prop.title, sport: prop.sport },
      },
    ]);
  });
}

/** The catalogue's samples the group does not have yet (same sport and title), per sport. */
async function missingSamplesOf(tx: Db | Tx, groupId: number, sports: readonly SampleSport[]) {
  const existing =
    sports.length === 0
      ? []
      : await tx
          .select({ sport: props.sport, title: props.title })
          .from(props)
          .where(and(eq(props.groupId, groupId), inArray(props.sport, [...sports])));
  const present = new Set(existing.map((row) => `${row.sport}\n${row.title.toLowerCase()}`));
  return sports.map((sport) => ({
    sport,
    missing: SAMPLE_PROPS[sport].filter(
      (sample) => !present.has(`${sport}\n${sample.title.toLowerCase()}`),
    ),
  }));
}

/**
 * What Generate Props would add, per active sport of the group that has samples (in the
 * catalogue's order), so the leader chooses before anything is added.
 */
export async function samplePropsPreview(
  db: Db,
  group: Pick<GroupRow, 'id' | 'activeSports'>,
): Promise<{ sports: { sport: SampleSport; count: number; total: number }[] }> {
  const sports = SAMPLE_PROP_SPORTS.filter((sport) => group.activeSports.includes(sport));
  const missing = await missingSamplesOf(db, group.id, sports);
  return {
    sports: missing.map(({ sport, missing: samples }) => ({
      sport,
      count: samples.length,
      total: SAMPLE_PROPS[sport].length,
    })),
  };
}

/**
 * Prebuilt props from the sport catalogue for the group's active sports (or the ones
 * asked for, which must be among them), skipping any the group already has (same sport
 * and title). Each locks at its sport's next game slot. The group row is locked, so two
 * clicks at once cannot add the same samples twice.
 */
export async function generateSampleProps(
  db: Db,
  groupId: number,
  leaderId: number,
  requestedSports: readonly SampleSport[] | undefined,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ activeSports: groups.activeSports })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const inactive = (requestedSports ?? []).filter((sport) => !group.activeSports.includes(sport));
    if (inactive.length > 0) {
      const message = `${inactive.join(', ')} ${inactive.length === 1 ? 'is' : 'are'} not among this group's sports`;
      throw badRequest(message, { sports: [message] });
    }
    const sports = (requestedSports ?? group.activeSports).filter(isSampleSport);
    if (sports.length === 0) {
      throw unprocessable(
        `There are sample props only for ${Object.keys(SAMPLE_PROPS).join(', ')}; this group follows none of them`,
      );
    }
    const rows = (await missingSamplesOf(tx, groupId, sports)).flatMap(({ sport, missing }) =>
      missing.map((sample) => ({
        groupId,
        sport,
        category: sample.category,
        title: sample.title,
        description: sample.description,
        options: sample.options,
        gameDate: nextGameDateFor(sport, now),
        createdBy: leaderId,
      })),
    );
    if (rows.length === 0) return 0;
    await tx.insert(props).values(rows);
    await recordActivity(tx, [
      {
        groupId,
        actorId: leaderId,
        eventType: 'new',
        eventData: { type: 'prebuilt', count: rows.length },
      },
    ]);
    return rows.length;
  });
}
