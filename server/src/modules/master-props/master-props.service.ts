import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  INVALID_MASTER_RESULT,
  MASTER_PROP_NOT_FOUND,
  type InstantRange,
  type MasterProp,
  type PreviewProp,
} from '@shared/contract/master-props';
import { VOID_RESULT } from '@shared/domain/group-stats';
import { sortMasterPropsForAdmin } from '@shared/domain/master-prop-order';
import type { PropOption } from '@shared/domain/prop-options';
import { MASTER_PROP_SPORTS, type MasterPropSport } from '@shared/sports';
import type { Db, Tx } from '../../db/client';
import { groups, masterProps, picks, props } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { recordActivity, resultChangeActivity } from '../activity/activity.service';
import { resetPicksOnLineChanges } from '../props/line-changes';

type MasterPropRow = typeof masterProps.$inferSelect;

/**
 * Lock order for every write that touches master props and their copies, so two of them
 * never wait on each other in a circle: master_props rows, then the groups holding copies
 * (shared, the lock every group-wide writer takes first), then the copies in props.
 */

/** Advisory lock namespaces (first key of pg_advisory_xact_lock(int, int)). */
export const ADVISORY_LOCK = { syncSport: 51_001, importIntoGroup: 51_002 } as const;

export function toMasterPropView(
  prop: MasterPropRow,
  holders: { id: number; name: string }[],
): MasterProp {
  return {
    id: prop.id,
    sport: prop.sport,
    sourceKey: prop.sourceKey,
    title: prop.title,
    description: prop.description,
    options: prop.options.map((option) => option.value),
    gameDate: prop.gameDate?.toISOString() ?? null,
    result: prop.result,
    isImported: holders.length > 0,
    groups: holders,
    updatedAt: prop.updatedAt.toISOString(),
  };
}

/** The groups holding a copy of each master prop, as one aggregated column. */
const holdersColumn = sql<{ id: number; name: string }[]>`coalesce(
  json_agg(json_build_object('id', ${groups.id}, 'name', ${groups.name}) order by ${groups.name}, ${groups.id})
    filter (where ${groups.id} is not null),
  '[]'::json)`;

/** Every master prop with the groups that imported it, in the admin order (product rules §4). */
export async function listMasterProps(db: Db, ids?: number[]): Promise<MasterProp[]> {
  const rows = await db
    .select({ prop: masterProps, holders: holdersColumn })
    .from(masterProps)
    .leftJoin(props, eq(props.masterPropId, masterProps.id))
    .leftJoin(groups, eq(groups.id, props.groupId))
    .where(ids ? inArray(masterProps.id, ids) : undefined)
    .groupBy(masterProps.id);
  return sortMasterPropsForAdmin(rows.map((row) => toMasterPropView(row.prop, row.holders)));
}

/** Master props of a sport in a range (when given) that the group has not imported yet. */
export async function countImportable(
  db: Db,
  query: { groupId: number; sport: MasterPropSport; from: Date | null; until: Date | null },
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(masterProps)
    .where(
      and(
        eq(masterProps.sport, query.sport),
        query.from ? gte(masterProps.gameDate, query.from) : undefined,
        query.until ? lt(masterProps.gameDate, query.until) : undefined,
        sql`not exists (select 1 from ${props} where ${props.groupId} = ${query.groupId} and ${props.masterPropId} = ${masterProps.id})`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Copies the matching master props the group does not hold yet, earliest game first, up
 * to `limit` (null: all), with any result they already have. Imports into one group run
 * one at a time (an advisory lock), so a second import at the same moment sees the first
 * one's props and adds the next ones; the unique index (group_id, master_prop_id) with ON
 * CONFLICT DO NOTHING is the last word on duplicates. FOR SHARE on the master rows makes
 * a result being set at that moment wait, then reach the new copies, rather than the copy
 * taking the old result.
 */
export async function importIntoGroup(
  db: Db,
  leaderId: number,
  input: { groupId: number; sport: MasterPropSport; range: InstantRange; limit: number | null },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.importIntoGroup}, ${input.groupId})`,
    );
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into ${props} (group_id, sport, title, description, options, game_date, result,
                            is_active, is_imported, master_prop_id, created_by)
      select ${input.groupId}, m.sport, m.title, m.description, m.options, m.game_date, m.result,
             true, true, m.id, ${leaderId}
      from ${masterProps} m
      where m.sport = ${input.sport}
        and m.game_date >= ${input.range.from.toISOString()}
        and m.game_date < ${input.range.until.toISOString()}
        and not exists (
          select 1 from ${props} p where p.group_id = ${input.groupId} and p.master_prop_id = m.id
        )
      order by m.game_date, m.id
      limit ${input.limit}
      for share of m
      on conflict (group_id, master_prop_id) do nothing
      returning id`);
    const added = inserted.rows.length;
    if (added > 0) {
      await recordActivity(tx, [
        {
          groupId: input.groupId,
          actorId: leaderId,
          eventType: 'new',
          eventData: { type: 'imported', count: added, sport: input.sport },
        },
      ]);
    }
    return added;
  });
}

/** Upcoming, undecided master props for the signed-out home page (product rules §2 'Prop Preview'). */
export const PREVIEW_LIMIT = 500;

/**
 * The master props the preview may show: upcoming (`$2` is now) and undecided, a decided
 * or voided prop being no invitation to pick. Naming the sports (`$1`) lets the
 * (sport, game_date) index answer the range.
 */
const PREVIEWABLE = 'sport = any($1) and game_date > $2 and result is null';

/**
 * The signed-out landing's preview, read by every visitor: one prepared statement (parsed
 * and planned once per pooled connection).
 */
const PREVIEW_QUERY = {
  name: 'props-preview',
  text: `select id, sport, title, description from master_props where ${PREVIEWABLE}
    order by game_date, id limit $3`,
};

/**
 * What the preview depends on, as text: the master list's version (migration 0021) and the
 * earliest upcoming game among the props it could show, whose start drops that prop from
 * the list with no write. One prepared statement, an index probe per sport.
 */
const PREVIEW_STAMP_QUERY = {
  name: 'props-preview-stamp',
  text: `select v.version || ':' || coalesce((
      select (extract(epoch from min(game_date)) * 1000)::bigint from master_props
      where ${PREVIEWABLE}), 0) as stamp
    from master_props_version v where v.id = 1`,
};

export async function previewStamp(db: Db, now: Date): Promise<string> {
  const { rows } = await db.$client.query<{ stamp: string }>({
    ...PREVIEW_STAMP_QUERY,
    values: [[...MASTER_PROP_SPORTS], now],
  });
  return rows[0]?.stamp ?? '';
}

export async function listPreviewProps(db: Db, now = new Date()): Promise<PreviewProp[]> {
  const { rows } = await db.$client.query<PreviewProp>({
    ...PREVIEW_QUERY,
    values: [[...MASTER_PROP_SPORTS], now, PREVIEW_LIMIT],
  });
  return rows;
}

const sameOptionValues = (a: PropOption[], b: PropOption[]) =>
  a.length === b.length && a.every((option, index) => option.value === b[index]?.value);

/** Takes the shared lock on every group holding a copy of these master props, in id order. */
async function lockGroupsHolding(tx: Tx, masterIds: number[]): Promise<void> {
  await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      inArray(
        groups.id,
        tx
          .select({ groupId: props.groupId })
          .from(props)
          .where(inArray(props.masterPropId, masterIds)),
      ),
    )
    .orderBy(asc(groups.id))
    .for('share');
}

/** What a fan-out changed: copies whose result changed, picks reset by line changes. */
export interface CopiesApplied {
  resultChanges: number;
  picksReset: number;
}

/**
 * Makes every imported copy of these master props match its master (sport, title,
 * description, options, game date, result) inside the caller's transaction, where the
 * master rows are already locked. A copy whose line or options changed has its picks
 * reset and its group told (decision 0020, `resetPicksOnLineChanges`); on a decided copy,
 * only picks on an option that no longer exists are removed. Each copy whose result
 * changed gets its group's result_set / result_removed event.
 */
export async function applyMastersToCopies(
  tx: Tx,
  masterIds: number[],
  actorId: number | null,
): Promise<CopiesApplied> {
  if (masterIds.length === 0) return { resultChanges: 0, picksReset: 0 };
  await lockGroupsHolding(tx, masterIds);
  const copies = await tx
    .select({
      id: props.id,
      groupId: props.groupId,
      masterPropId: props.masterPropId,
      result: props.result,
      title: props.title,
      description: props.description,
      options: props.options,
    })
    .from(props)
    .where(inArray(props.masterPropId, masterIds))
    .orderBy(asc(props.id))
    .for('update');
  if (copies.length === 0) return { resultChanges: 0, picksReset: 0 };
  const masters = new Map(
    (await tx.select().from(masterProps).where(inArray(masterProps.id, masterIds))).map(
      (master) => [master.id, master],
    ),
  );

  await tx
    .update(props)
    .set({
      sport: sql`${masterProps.sport}`,
      title: sql`${masterProps.title}`,
      description: sql`${masterProps.description}`,
      options: sql`${masterProps.options}`,
      gameDate: sql`${masterProps.gameDate}`,
      result: sql`${masterProps.result}`,
    })
    .from(masterProps)
    .where(
      and(
        eq(props.masterPropId, masterProps.id),
        inArray(masterProps.id, masterIds),
        sql`(${props.sport}, ${props.title}, ${props.description}, ${props.options}, ${props.gameDate}, ${props.result})
          is distinct from
          (${masterProps.sport}, ${masterProps.title}, ${masterProps.description}, ${masterProps.options}, ${masterProps.gameDate}, ${masterProps.result})`,
      ),
    );
  const masterOf = (copy: (typeof copies)[number]) =>
    copy.masterPropId === null ? undefined : masters.get(copy.masterPropId);
  const picksReset = await resetPicksOnLineChanges(
    tx,
    copies.flatMap((copy) => {
      const master = masterOf(copy);
      return master
        ? [
            {
              propId: copy.id,
              groupId: copy.groupId,
              before: copy,
              after: master,
              result: master.result,
            },
          ]
        : [];
    }),
    actorId,
  );
  // Only copies whose options changed can hold a pick on an option that is gone (on a
  // decided copy, which keeps its other picks): their picks are found through
  // picks_prop_id_idx, never by scanning every pick.
  const reshaped = copies
    .filter((copy) => {
      const master = copy.masterPropId === null ? undefined : masters.get(copy.masterPropId);
      return master !== undefined && !sameOptionValues(copy.options, master.options);
    })
    .map((copy) => copy.id);
  if (reshaped.length > 0) {
    await tx.execute(sql`
      delete from ${picks} pk using ${props} p
      where p.id = pk.prop_id
        and ${inArray(sql`pk.prop_id`, reshaped)}
        and not exists (
          select 1 from jsonb_array_elements(p.options) o where o ->> 'value' = pk.selected_option
        )`);
  }

  const events = copies.flatMap((copy) => {
    const master = copy.masterPropId === null ? undefined : masters.get(copy.masterPropId);
    const change = master && resultChangeActivity(master, copy.result, master.result);
    return change ? [{ groupId: copy.groupId, predictionId: copy.id, actorId, ...change }] : [];
  });
  await recordActivity(tx, events);
  return { resultChanges: events.length, picksReset };
}

/**
 * When the sheet drops a master prop, the groups that imported it keep their copy (and
 * the picks on it) as a prop of their own: no longer imported, so their leader can settle
 * it, since no master result will ever reach it again.
 */
export async function detachCopies(tx: Tx, masterIds: number[]): Promise<void> {
  if (masterIds.length === 0) return;
  await lockGroupsHolding(tx, masterIds);
  await tx
    .update(props)
    .set({ isImported: false, masterPropId: null })
    .where(inArray(props.masterPropId, masterIds));
}

/** The stored spelling of a result the operator chose, or a 400 when it is not a choice. */
function resultChoiceOf(prop: MasterPropRow, requested: string): string {
  if (requested.toUpperCase() === VOID_RESULT) return VOID_RESULT;
  const option =
    prop.options.find((candidate) => candidate.value === requested) ??
    prop.options.find((candidate) => candidate.value.toLowerCase() === requested.toLowerCase());
  if (!option) throw badRequest(INVALID_MASTER_RESULT, { result: [INVALID_MASTER_RESULT] });
  return option.value;
}

/**
 * Sets, changes, voids or clears (null) a master prop's result and, in the same
 * transaction, the result of every imported copy in every group, with an activity event
 * in each group whose copy changed. Sending the result it already has changes nothing.
 */
export async function setMasterResult(
  db: Db,
  adminId: number,
  masterId: number,
  requested: string | null,
): Promise<{ masterProp: MasterProp; updatedCopies: number }> {
  const updatedCopies = await db.transaction(async (tx) => {
    const [prop] = await tx
      .select()
      .from(masterProps)
      .where(eq(masterProps.id, masterId))
      .for('update');
    if (!prop) throw notFound(MASTER_PROP_NOT_FOUND);
    const result = requested === null ? null : resultChoiceOf(prop, requested);
    if (result !== prop.result) {
      await tx
        .update(masterProps)
        .set({ result, updatedAt: sql`now()` })
        .where(eq(masterProps.id, masterId));
    }
    // Run even when the master did not change: a copy that drifted is brought back.
    return (await applyMastersToCopies(tx, [masterId], adminId)).resultChanges;
  });
  const [masterProp] = await listMasterProps(db, [masterId]);
  if (!masterProp) throw notFound(MASTER_PROP_NOT_FOUND);
  return { masterProp, updatedCopies };
}
