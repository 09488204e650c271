import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { activityEvents, masterProps, picks, props } from '../db/schema';

export interface SheetLine {
  key?: string;
  title: string;
  description?: string;
  /** '|'-separated, as in the sheet. */
  options?: string;
  gameDate: Date | string;
  result?: string;
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A master-props sheet as the operator's spreadsheet would export it. */
export function sheetCsv(lines: SheetLine[]): string {
  const header = 'key,title,description,options,game_date,result';
  const body = lines.map((line) =>
    [
      line.key ?? '',
      line.title,
      line.description ?? 'Who wins?',
      line.options ?? 'Home|Away',
      line.gameDate instanceof Date ? line.gameDate.toISOString() : line.gameDate,
      line.result ?? '',
    ]
      .map(quote)
      .join(','),
  );
  return [header, ...body].join('\r\n') + '\r\n';
}

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** Everything a master-props route could change, for "nothing changed" assertions. */
export async function masterPropsSnapshot(db: Db) {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    masterProps: byId(await db.select().from(masterProps)),
    props: byId(await db.select().from(props)),
    picks: byId(await db.select().from(picks)),
    events: byId(await db.select().from(activityEvents)),
  };
}

/** The master props as the admin panel lists them, by title. */
export async function masterPropsByTitle(app: FastifyInstance, cookie: string | undefined) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/master-props',
    headers: cookie ? { cookie } : {},
  });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
  const list = response.json<{ id: number; title: string; result: string | null }[]>();
  return new Map(list.map((prop) => [prop.title, prop]));
}
