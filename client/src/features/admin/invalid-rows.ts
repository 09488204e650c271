import type { MasterPropSport } from '@shared/sports';
import { isApiError } from '@client/lib/api-client';

export interface InvalidRowsReport {
  sport: MasterPropSport;
  message: string;
  rows: { row: number; problems: string[] }[];
}

/** From the answer's `fieldErrors` (`"row 3": [...]`); null when the failure was not about rows. */
export function invalidRowsOf(sport: MasterPropSport, error: unknown): InvalidRowsReport | null {
  if (!isApiError(error, 400)) return null;
  const rows = Object.entries(error.fieldErrors)
    .map(([key, problems]) => ({ row: Number(/^row (\d+)$/.exec(key)?.[1]), problems }))
    .filter(({ row, problems }) => Number.isInteger(row) && problems.length > 0)
    .sort((a, b) => a.row - b.row);
  if (rows.length === 0) return null;
  return { sport, message: error.body?.message ?? error.message, rows };
}
