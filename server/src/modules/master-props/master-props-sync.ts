import { readFile } from 'node:fs/promises';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  removalsNeedConfirming,
  type SyncMasterPropsResponse,
} from '@shared/contract/master-props';
import { shiftEasternDays } from '@shared/domain/eastern-time';
import { MASTER_PROP_SPORTS, type MasterPropSport } from '@shared/sports';
import type { Db, Tx } from '../../db/client';
import { games, masterProps } from '../../db/schema';
import { badRequest, conflict, unprocessable } from '../../http/errors';
import {
  ADVISORY_LOCK,
  applyMastersToCopies,
  detachCopies,
  sheetOwnedSql,
} from './master-props.service';
import { readMasterPropsSheet, type GameLinkFields, type SheetRow } from './master-props-sheet';
import { readSheetSource, type SheetSourceLimits } from './sheet-source';
import { planSync } from './sync-plan';

const linkOf = (prop: typeof masterProps.$inferSelect): GameLinkFields | null =>
  prop.gameId === null || prop.market === null
    ? null
    : { gameId: prop.gameId, market: prop.market, line: prop.line, team: prop.team };

/** One query. A game the feed has not listed yet leaves the row unlinked until a later sync. */
async function withGameLinks(
  tx: Tx,
  sport: MasterPropSport,
  rows: readonly SheetRow[],
): Promise<SheetRow[]> {
  const eventIds = rows.flatMap((row) => (row.link ? [row.link.feedEventId] : []));
  if (eventIds.length === 0) return [...rows];
  const found = await tx
    .select({ id: games.id, feedEventId: games.feedEventId })
    .from(games)
    .where(and(eq(games.sport, sport), inArray(games.feedEventId, eventIds)));
  const gameOf = new Map(found.map((game) => [game.feedEventId, game.id]));
  return rows.map((row) => {
    const gameId = row.link ? gameOf.get(row.link.feedEventId) : undefined;
    if (!row.link || gameId === undefined) return row;
    const { market, line, team } = row.link;
    return { ...row, gameLink: { gameId, market, line, team } };
  });
}

export type MasterPropsSources = Partial<Record<MasterPropSport, string>>;

export const sourceVariableOf = (sport: MasterPropSport) => `MASTER_PROPS_SOURCE_${sport}`;

type SyncCounts = Omit<SyncMasterPropsResponse, 'message' | 'sport'>;

/** A second sync of a sport waits and then finds the first's result. */
const lockSport = (tx: Tx, sport: MasterPropSport) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.syncSport}, ${MASTER_PROP_SPORTS.indexOf(sport)})`,
  );

/** Inside the caller's transaction; updates carry to every imported copy, results included. */
async function applySheetRows(
  tx: Tx,
  sport: MasterPropSport,
  rows: readonly SheetRow[],
  actorId: number | null,
  /** False: a plan that removes any master prop is refused (409) before anything changes. */
  removeMissing = true,
): Promise<SyncCounts> {
  const stored = await tx
    .select()
    .from(masterProps)
    // Master props made from games are the operator's, not the sheet's.
    .where(and(eq(masterProps.sport, sport), sheetOwnedSql))
    .orderBy(asc(masterProps.id))
    .for('update');
  const plan = planSync(
    stored.map((prop) => ({ ...prop, link: linkOf(prop) })),
    await withGameLinks(tx, sport, rows),
  );

  if (plan.removals.length > 0 && !removeMissing) {
    throw conflict(removalsNeedConfirming(sport, plan.removals.length));
  }
  await detachCopies(tx, plan.removals);
  if (plan.removals.length > 0) {
    await tx.delete(masterProps).where(inArray(masterProps.id, plan.removals));
  }
  if (plan.updates.length > 0) {
    const changes = plan.updates.map(({ id, fields }) => ({
      id,
      source_key: fields.sourceKey,
      title: fields.title,
      description: fields.description,
      options: fields.options,
      game_date: fields.gameDate?.toISOString() ?? null,
      result: fields.result,
      game_id: fields.link?.gameId ?? null,
      market: fields.link?.market ?? null,
      line: fields.link?.line ?? null,
      team: fields.link?.team ?? null,
    }));
    await tx.execute(sql`
      update ${masterProps} m
      set source_key = x.source_key, title = x.title, description = x.description,
          options = x.options, game_date = x.game_date, result = x.result,
          game_id = x.game_id, market = x.market, line = x.line, team = x.team,
          updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x(
        id integer, source_key text, title text, description text, options jsonb,
        game_date timestamptz, result text, game_id integer, market text, line numeric,
        team text)
      where m.id = x.id`);
  }
  if (plan.inserts.length > 0) {
    await tx.insert(masterProps).values(
      plan.inserts.map(({ link, ...fields }) => ({
        ...fields,
        sport,
        gameId: link?.gameId ?? null,
        market: link?.market ?? null,
        line: link?.line ?? null,
        team: link?.team ?? null,
      })),
    );
  }
  const { picksReset } = await applyMastersToCopies(
    tx,
    plan.updates.map((update) => update.id),
    actorId,
  );
  const [stats] = await tx
    .select({ count: count() })
    .from(masterProps)
    .where(and(eq(masterProps.sport, sport), sheetOwnedSql));
  return {
    count: stats?.count ?? 0,
    added: plan.inserts.length,
    updated: plan.updates.length,
    removed: plan.removals.length,
    unchanged: plan.unchanged.length,
    picksReset,
  };
}

const MAX_REPORTED_ROWS = 50;

export function sheetRowsOrRefusal(text: string, sport: MasterPropSport): SheetRow[] {
  const reading = readMasterPropsSheet(text);
  if (reading.ok) return reading.rows;
  if (reading.kind === 'sheet') {
    throw badRequest(
      `The ${sport} spreadsheet cannot be used: ${reading.message}. Nothing was changed.`,
      {
        sheet: [reading.message],
      },
    );
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const { row, problems } of reading.rows.slice(0, MAX_REPORTED_ROWS)) {
    fieldErrors[`row ${row}`] = problems;
  }
  const [first] = reading.rows;
  const invalid = reading.rows.length;
  throw badRequest(
    `The ${sport} spreadsheet has ${invalid} invalid ${invalid === 1 ? 'row' : 'rows'}, so nothing was changed. ` +
      `Row ${first?.row ?? '?'}: ${first?.problems.join('; ') ?? ''}`,
    fieldErrors,
  );
}

/** Any failure before the transaction commits leaves the stored master props as they were. */
export async function syncMasterPropsFromSource(
  db: Db,
  sport: MasterPropSport,
  options: {
    sources: MasterPropsSources;
    limits?: SheetSourceLimits;
    actorId: number;
    removeMissing: boolean;
  },
): Promise<SyncMasterPropsResponse> {
  const source = options.sources[sport];
  if (!source) {
    throw unprocessable(
      `No ${sport} spreadsheet is configured: set ${sourceVariableOf(sport)} to a CSV export address or a file path`,
    );
  }
  const text = await readSheetSource(source, `${sport} spreadsheet`, options.limits);
  const rows = sheetRowsOrRefusal(text, sport);
  const counts = await db.transaction(async (tx) => {
    await lockSport(tx, sport);
    return applySheetRows(tx, sport, rows, options.actorId, options.removeMissing);
  });
  const resets =
    counts.picksReset === 0
      ? ''
      : `; ${counts.picksReset} ${counts.picksReset === 1 ? 'pick was' : 'picks were'} reset because a line changed`;
  return {
    message: `Synced ${counts.count} ${sport} props to match the spreadsheet${resets}`,
    sport,
    ...counts,
  };
}

// The shipped example sheets, loaded on a newcomer's first start.

export const EXAMPLE_SHEETS: Record<MasterPropSport, URL> = {
  NFL: new URL('./examples/nfl.csv', import.meta.url),
  NCAAF: new URL('./examples/ncaaf.csv', import.meta.url),
};

const WEEK_DAYS = 7;
const WEEK_MS = WEEK_DAYS * 24 * 60 * 60 * 1000;
/** Time to import and pick before the first open game. */
const LEAD_MS = 60 * 60 * 1000;

/**
 * Moved by whole weeks (weekdays and kick-off times kept) so the earliest open game lies
 * just ahead of `now`.
 */
export function shiftExampleRows(
  sheets: Record<MasterPropSport, SheetRow[]>,
  now: Date,
): Record<MasterPropSport, SheetRow[]> {
  const shift = (rows: SheetRow[]) => {
    const open = rows.filter((row) => row.result === null);
    const anchor = Math.min(
      ...(open.length > 0 ? open : rows).map((row) => row.gameDate.getTime()),
    );
    if (!Number.isFinite(anchor)) return rows;
    const weeks = Math.ceil((now.getTime() + LEAD_MS - anchor) / WEEK_MS);
    return rows.map((row) => ({
      ...row,
      gameDate: shiftEasternDays(row.gameDate, weeks * WEEK_DAYS),
    }));
  };
  return { NFL: shift(sheets.NFL), NCAAF: shift(sheets.NCAAF) };
}

export async function readExampleSheets(): Promise<Record<MasterPropSport, SheetRow[]>> {
  const read = async (sport: MasterPropSport) =>
    sheetRowsOrRefusal(await readFile(EXAMPLE_SHEETS[sport], 'utf8'), sport);
  return { NFL: await read('NFL'), NCAAF: await read('NCAAF') };
}

/**
 * When there are no master props at all. The check and the insert run under both sports'
 * sync locks, so exactly one of many starting instances loads them.
 */
export async function loadExampleMasterProps(db: Db, now = new Date()): Promise<number> {
  const sheets = shiftExampleRows(await readExampleSheets(), now);
  return db.transaction(async (tx) => {
    for (const sport of MASTER_PROP_SPORTS) await lockSport(tx, sport);
    const [existing] = await tx.select({ count: count() }).from(masterProps);
    if ((existing?.count ?? 0) > 0) return 0;
    let added = 0;
    for (const sport of MASTER_PROP_SPORTS) {
      added += (await applySheetRows(tx, sport, sheets[sport], null)).added;
    }
    return added;
  });
}
