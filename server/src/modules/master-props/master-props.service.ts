import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
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
import { notArchived } from '../seasons/seasons.service';
import type { Db, Tx } from '../../db/client';
import { games, groups, masterProps, picks, props } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordActivity, resultChangeActivity, type ResultHow } from '../activity/activity.service';
import { resetPicksOnLineChanges } from '../props/line-changes';
import {
  masterAuditOf,
  recordAudit,
  resultAuditChange,
  sameResultOf,
} from '../audit/audit.service';
import { automaticResultOfProp } from '../props/automatic-result';
import { gameLinksOf, teamsOf } from '../props/game-props.service';
import { gameOptionsOf, gameTitleOf, gradingRuleOf } from '@shared/domain/game-props';
import type { GamePropRequest } from '@shared/contract/game-props';
import { NOT_LINKED, REASON_REQUIRED } from '@shared/contract/result-override';

type MasterPropRow = typeof masterProps.$inferSelect;

/**
 * Lock order for every write touching master props and their copies, so no two wait on each
 * other in a circle: master_props rows, then the groups holding copies (shared), then the
 * copies in props.
 */

/** First keys of pg_advisory_xact_lock(int, int). */
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
    link:
      prop.gameId === null || prop.market === null
        ? null
        : {
            gameId: prop.gameId,
            market: prop.market,
            line: prop.line,
            team: prop.team,
            labels: prop.options.map((option) => option.label),
            overridden: prop.resultOverridden,
          },
  };
}

const holdersColumn = sql<{ id: number; name: string }[]>`coalesce(
  json_agg(json_build_object('id', ${groups.id}, 'name', ${groups.name}) order by ${groups.name}, ${groups.id})
    filter (where ${groups.id} is not null),
  '[]'::json)`;

/** In the admin order (product rules §4). */
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
 * Earliest game first, up to `limit` (null: all), with any result they already have.
 * Imports into one group run one at a time (an advisory lock), and the unique index with
 * ON CONFLICT DO NOTHING is the last word on duplicates. FOR SHARE on the master rows makes
 * a result being set meanwhile wait, then reach the new copies.
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
                            is_active, is_imported, master_prop_id, created_by,
                            game_id, market, line, team, result_overridden)
      select ${input.groupId}, m.sport, m.title, m.description, m.options, m.game_date, m.result,
             true, true, m.id, ${leaderId},
             m.game_id, m.market, m.line, m.team, m.result_overridden
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

/** Product rules §2 'Prop Preview'. */
export const PREVIEW_LIMIT = 500;

/**
 * Upcoming (`$2` is now) and undecided: a decided prop is no invitation to pick. Naming
 * the sports (`$1`) lets the (sport, game_date) index answer the range.
 */
const PREVIEWABLE = 'sport = any($1) and game_date > $2 and result is null';

/** Read by every visitor: one prepared statement. */
const PREVIEW_QUERY = {
  name: 'props-preview',
  text: `select id, sport, title, description from master_props where ${PREVIEWABLE}
    order by game_date, id limit $3`,
};

/**
 * The master list's version and the earliest upcoming game among the props it could show,
 * whose start drops that prop with no write. One prepared statement.
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

/** In id order. */
async function lockGroupsHolding(tx: Tx, masterIds: number[]): Promise<void> {
  await lockGroupsOfProps(tx, inArray(props.masterPropId, masterIds));
}

/** In id order. */
export async function lockGroupsOfProps(tx: Tx, which: SQL | undefined): Promise<void> {
  await tx
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, tx.select({ groupId: props.groupId }).from(props).where(which)))
    .orderBy(asc(groups.id))
    .for('share');
}

export interface CopiesApplied {
  resultChanges: number;
  picksReset: number;
}

/**
 * Inside the caller's transaction, the master rows already locked. A copy whose line or
 * options changed has its picks reset (`resetPicksOnLineChanges`); on a decided copy only
 * picks on an option that is gone are removed. Each copy whose result changed gets its
 * group's result event.
 */
export async function applyMastersToCopies(
  tx: Tx,
  masterIds: number[],
  actorId: number | null,
  how: ResultHow = {},
): Promise<CopiesApplied> {
  if (masterIds.length === 0) return { resultChanges: 0, picksReset: 0 };
  await lockGroupsHolding(tx, masterIds);
  const copies = await tx
    .select({
      id: props.id,
      groupId: props.groupId,
      masterPropId: props.masterPropId,
      result: props.result,
      resultOverridden: props.resultOverridden,
      title: props.title,
      description: props.description,
      options: props.options,
    })
    .from(props)
    .where(and(inArray(props.masterPropId, masterIds), notArchived))
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
      resultOverridden: sql`${masterProps.resultOverridden}`,
      gameId: sql`${masterProps.gameId}`,
      market: sql`${masterProps.market}`,
      line: sql`${masterProps.line}`,
      team: sql`${masterProps.team}`,
    })
    .from(masterProps)
    .where(
      and(
        eq(props.masterPropId, masterProps.id),
        inArray(masterProps.id, masterIds),
        sql`(${props.sport}, ${props.title}, ${props.description}, ${props.options}, ${props.gameDate}, ${props.result}, ${props.resultOverridden}, ${props.gameId}, ${props.market}, ${props.line}, ${props.team})
          is distinct from
          (${masterProps.sport}, ${masterProps.title}, ${masterProps.description}, ${masterProps.options}, ${masterProps.gameDate}, ${masterProps.result}, ${masterProps.resultOverridden}, ${masterProps.gameId}, ${masterProps.market}, ${masterProps.line}, ${masterProps.team})`,
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
  // Only copies whose options changed can hold a pick on an option that is gone: found
  // through picks_prop_id_idx, never by scanning every pick.
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
    const change =
      master &&
      resultChangeActivity(master, copy.result, master.result, { ...how, byPickem: true });
    return change ? [{ groupId: copy.groupId, predictionId: copy.id, actorId, ...change }] : [];
  });
  await recordActivity(tx, events);
  // A copy whose result already agreed has no line: its override or return is audited here.
  await recordAudit(
    tx,
    copies.flatMap((copy) => {
      const master = masterOf(copy);
      if (!how.mode || !master || master.result !== copy.result) return [];
      if (master.resultOverridden === copy.resultOverridden) return [];
      return [
        {
          groupId: copy.groupId,
          propId: copy.id,
          masterPropId: master.id,
          title: master.title,
          actorId,
          kind: auditKindOf(how),
          ...sameResultOf(master.options, master.result),
          reason: how.reason ?? null,
        },
      ];
    }),
  );
  return { resultChanges: events.length, picksReset };
}

/**
 * The groups keep their copy and its picks as a prop of their own, which their leader can
 * settle: no master result will reach it again.
 */
export async function detachCopies(tx: Tx, masterIds: number[]): Promise<void> {
  if (masterIds.length === 0) return;
  await lockGroupsHolding(tx, masterIds);
  await tx
    .update(props)
    .set({ isImported: false, masterPropId: null })
    .where(inArray(props.masterPropId, masterIds));
}

async function decideMasterResult(
  tx: Tx,
  prop: MasterPropRow,
  change: { result: string | null; reason: string | null } | { automatic: true },
  now: Date,
): Promise<{ result: string | null; overridden: boolean; how: ResultHow }> {
  if ('automatic' in change) {
    const [game] =
      prop.gameId === null ? [] : await tx.select().from(games).where(eq(games.id, prop.gameId));
    if (!game) throw conflict(NOT_LINKED);
    return {
      result: automaticResultOfProp(game, prop, now),
      overridden: false,
      how: { mode: 'automatic' },
    };
  }
  const linked = prop.gameId !== null;
  if (linked && change.reason === null) {
    throw badRequest(REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  }
  return {
    result: change.result === null ? null : resultChoiceOf(prop, change.result),
    overridden: linked,
    how: linked ? { mode: 'override', reason: change.reason } : { reason: change.reason },
  };
}

const auditKindOf = (how: ResultHow) => (how.mode === 'automatic' ? 'automatic' : 'overridden');

/** A 400 when it is not a choice. */
function resultChoiceOf(prop: MasterPropRow, requested: string): string {
  if (requested.toUpperCase() === VOID_RESULT) return VOID_RESULT;
  const option =
    prop.options.find((candidate) => candidate.value === requested) ??
    prop.options.find((candidate) => candidate.value.toLowerCase() === requested.toLowerCase());
  if (!option) throw badRequest(INVALID_MASTER_RESULT, { result: [INVALID_MASTER_RESULT] });
  return option.value;
}

/**
 * In the same transaction as every imported copy's result and activity event. On a linked
 * master prop the operator's result overrides the feed's (with a reason), copies included,
 * until returned to automatic (product rules §4 'Game-linked props').
 */
export async function setMasterResult(
  db: Db,
  adminId: number,
  masterId: number,
  change: { result: string | null; reason: string | null } | { automatic: true },
  now = new Date(),
): Promise<{ masterProp: MasterProp; updatedCopies: number }> {
  const updatedCopies = await db.transaction(async (tx) => {
    const [prop] = await tx
      .select()
      .from(masterProps)
      .where(eq(masterProps.id, masterId))
      .for('update');
    if (!prop) throw notFound(MASTER_PROP_NOT_FOUND);
    const { result, overridden, how } = await decideMasterResult(tx, prop, change, now);
    const flagOnly = result === prop.result && overridden !== prop.resultOverridden;
    if (result !== prop.result || flagOnly) {
      await tx
        .update(masterProps)
        .set({ result, resultOverridden: overridden, updatedAt: sql`now()` })
        .where(eq(masterProps.id, masterId));
      const entry = { ...masterAuditOf(prop), actorId: adminId, reason: how.reason ?? null };
      await recordAudit(tx, [
        flagOnly
          ? { ...entry, kind: auditKindOf(how), ...sameResultOf(prop.options, result) }
          : {
              ...entry,
              ...resultAuditChange(prop.options, prop.result, result),
              ...(how.mode && { kind: auditKindOf(how) }),
            },
      ]);
    }
    // Even when the master did not change: a copy that drifted is brought back.
    return (await applyMastersToCopies(tx, [masterId], adminId, how)).resultChanges;
  });
  const [masterProp] = await listMasterProps(db, [masterId]);
  if (!masterProp) throw notFound(MASTER_PROP_NOT_FOUND);
  return { masterProp, updatedCopies };
}

/** The key of a master prop made from a game, which the sheet's syncs leave alone. */
export const GAME_SOURCE_KEY_PREFIX = 'game:';
const gameSourceKeyOf = (gameId: number, market: string, team: string | null) =>
  `${GAME_SOURCE_KEY_PREFIX}${gameId}:${market}${team ? `:${team}` : ''}`;

export const sheetOwnedSql = sql`(${masterProps.sourceKey} is null or ${masterProps.sourceKey} not like ${`${GAME_SOURCE_KEY_PREFIX}%`})`;

/** Product rules §4 'Game-linked props', for the sports of the master list. A game's market is made once. */
export async function createMasterPropsFromGames(
  db: Db,
  requests: readonly GamePropRequest[],
  now = new Date(),
): Promise<MasterProp[]> {
  const ids = await db.transaction(async (tx) => {
    const gameIds = [...new Set(requests.map((request) => request.gameId))];
    const gameRows = await tx.select().from(games).where(inArray(games.id, gameIds));
    const links = gameLinksOf(requests, new Map(gameRows.map((game) => [game.id, game])), now);
    for (const { game } of links) {
      if (!(MASTER_PROP_SPORTS as readonly string[]).includes(game.sport)) {
        throw badRequest(`Master props are for ${MASTER_PROP_SPORTS.join(' and ')} games`);
      }
    }
    const inserted = await tx
      .insert(masterProps)
      .values(
        links.map(({ game, link }) => {
          const teams = teamsOf(game);
          return {
            sport: game.sport,
            sourceKey: gameSourceKeyOf(game.id, link.market, link.team),
            title: gameTitleOf(teams),
            description: gradingRuleOf(teams, link),
            options: gameOptionsOf(teams, link),
            gameDate: game.startsAt,
            gameId: game.id,
            market: link.market,
            line: link.line,
            team: link.team,
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: masterProps.id });
    if (inserted.length < links.length) {
      throw conflict('The master list already has one of these games and markets');
    }
    return inserted.map((row) => row.id);
  });
  return listMasterProps(db, ids);
}
