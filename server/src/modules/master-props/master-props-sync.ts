import { readFile } from 'node:fs/promises';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SyncMasterPropsResponse } from '@shared/contract/master-props';
import { shiftEasternDays } from '@shared/domain/eastern-time';
import { MASTER_PROP_SPORTS, type MasterPropSport } from '@shared/sports';
import type { Db } from '../../db/client';
import { masterProps } from '../../db/schema';
import { badRequest, unprocessable } from '../../plugins/errors';
import type { Tx } from '../../db/client';
import { ADVISORY_LOCK, applyMastersToCopies, detachCopies } from './master-props.service';
import { readMasterPropsSheet, type SheetRow } from './master-props-sheet';
import { readSheetSource, type SheetSourceLimits } from './sheet-source';
import { planSync } from './sync-plan';

/** Where each sport's sheet is read from (MASTER_PROPS_SOURCE_NFL / _NCAAF). */
export type MasterPropsSources = Partial<Record<MasterPropSport, string>>;

export const sourceVariableOf = (sport: MasterPropSport) => `MASTER_PROPS_SOURCE_${sport}`;

type SyncCounts = Omit<SyncMasterPropsResponse, 'message' | 'sport'>;

/** Only one sync of a sport at a time; a second waits and then finds the first's result. */
const lockSport = (tx: Tx, sport: MasterPropSport) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.syncSport}, ${MASTER_PROP_SPORTS.indexOf(sport)})`,
  );

/**
 * Makes the stored master props of a sport match the sheet's rows inside the caller's
 * transaction: adds, updates (and carries the changes to every imported copy, results
 * included, with their activity events), removes (detaching the copies).
 */
async function applySheetRows(
  tx: Tx,
  sport: MasterPropSport,
  rows: readonly SheetRow[],
  actorId: number | null,
): Promise<SyncCounts> {
  const stored = await tx
    .select()
    .from(masterProps)
    .where(eq(masterProps.sport, sport))
    .orderBy(asc(masterProps.id))
    .for('update');
  const plan = planSync(stored, rows);

  await detachCopies(tx, plan.removals);
  if (plan.removals.length > 0) {
    await tx.delete(masterProps).where(inArray(masterProps.id, plan.removals));
  }
  if (plan.updates.length > 0) {
    // One statement for every changed row, however many there are.
    const changes = plan.updates.map(({ id, fields }) => ({
      id,
      source_key: fields.sourceKey,
      title: fields.title,
      description: fields.description,
      options: fields.options,
      game_date: fields.gameDate?.toISOString() ?? null,
      result: fields.result,
    }));
    await tx.execute(sql`
      update ${masterProps} m
      set source_key = x.source_key, title = x.title, description = x.description,
          options = x.options, game_date = x.game_date, result = x.result, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x(
        id integer, source_key text, title text, description text, options jsonb,
        game_date timestamptz, result text)
      where m.id = x.id`);
  }
  if (plan.inserts.length > 0) {
    await tx.insert(masterProps).values(plan.inserts.map((fields) => ({ ...fields, sport })));
  }
  const { picksReset } = await applyMastersToCopies(
    tx,
    plan.updates.map((update) => update.id),
    actorId,
  );
  const [stats] = await tx
    .select({ count: count() })
    .from(masterProps)
    .where(eq(masterProps.sport, sport));
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

/** The rows of a sheet, or a 400 listing every invalid row by number and reason. */
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

/**
 * POST /api/admin/sync-master-props for one sport: read the sheet (bounded), validate
 * every row, then apply it in one transaction. Any failure before the transaction commits
 * leaves the stored master props exactly as they were.
 */
export async function syncMasterPropsFromSource(
  db: Db,
  sport: MasterPropSport,
  options: { sources: MasterPropsSources; limits?: SheetSourceLimits; actorId: number },
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
    return applySheetRows(tx, sport, rows, options.actorId);
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

// ---------------------------------------------------------------------------------------
// The shipped example sheets, loaded on a newcomer's first start

export const EXAMPLE_SHEETS: Record<MasterPropSport, URL> = {
  NFL: new URL('./examples/nfl.csv', import.meta.url),
  NCAAF: new URL('./examples/ncaaf.csv', import.meta.url),
};

const WEEK_DAYS = 7;
const WEEK_MS = WEEK_DAYS * 24 * 60 * 60 * 1000;
/** The first open game lands at least this far ahead, so there is time to import and pick. */
const LEAD_MS = 60 * 60 * 1000;

/**
 * Each example sheet moved by whole weeks (weekdays and New York kick-off times kept) so
 * that its earliest game without a result lies just ahead of `now`, within a week: the
 * rows with results land in the past, the open ones in the coming weeks.
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
 * Loads the example sheets when there are no master props at all, so a newcomer on the
 * embedded database sees upcoming props at once. Safe when many instances start
 * together: the check and the insert run under both sports' sync locks, so exactly one
 * instance loads them and the others find the table filled. Returns how many it added.
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
