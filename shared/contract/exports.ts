import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';

/**
 * The leader's CSV files (product rules §10 'CSV'): RFC 4180, formula-safe cells, named
 * in Content-Disposition from the group and what the file holds.
 */

export const ROUND_NOT_FOUND = 'Round not found';

export const standingsExportQuerySchema = z.object({
  /** One round's board; without it, the season's. */
  round: idSchema(ROUND_NOT_FOUND).optional(),
});

const CSV = ['text/csv'] as const;
/** The file's text (a download, never JSON). */
const csvFile = z.string().describe('RFC 4180 CSV, UTF-8 with a byte-order mark');

export const exportsContract = {
  standings: {
    method: 'GET',
    path: '/api/groups/:id/export/standings.csv',
    params: groupIdParamsSchema,
    querystring: standingsExportQuerySchema,
    summary: "The season's or a round's board as CSV (leader)",
    description:
      'text/csv with a Content-Disposition file name: position, member, points, wins, losses, pending and win rate, best first.',
    produces: CSV,
    response: csvFile,
  },
  picks: {
    method: 'GET',
    path: '/api/groups/:id/export/picks.csv',
    params: groupIdParamsSchema,
    summary: 'Every pick on a locked prop as CSV (leader)',
    description:
      'text/csv with a Content-Disposition file name: one line per pick on a prop that has locked, by lock time; open props are left out.',
    produces: CSV,
    response: csvFile,
  },
} as const;
