import { z } from 'zod';
import { idSchema, MAX_SERIAL } from './ids';
import { easternStartOfDay } from '../domain/eastern-time';
import { MASTER_PROP_SPORTS } from '../sports';
import { GROUP_NOT_FOUND, messageSchema } from './groups';
import { createGamePropsBodySchema } from './game-props';
import { gameMarketSchema, gameSideSchema } from './games';
import { overrideReasonSchema } from './result-override';

/** Product rules §2 'Admin panel', 'Import Props dialog', 'Prop Preview'; §3 'Master prop'; §5 'Import'. */

export const MASTER_PROP_NOT_FOUND = 'Master prop not found';

export const SELECT_SPORT = 'Please select a sport';
export const SELECT_DATE_RANGE = 'Please select a date range';
export const INVALID_COUNT = 'Please enter a valid number';
export const COUNT_NOT_POSITIVE = 'You must enter a positive number of props to import';

export const RANGE_BACKWARDS = 'The date range must start before it ends';
export const INVALID_MASTER_RESULT = "Choose one of the prop's options, or N/A to void it";

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const masterPropSportSchema = z.enum(MASTER_PROP_SPORTS, {
  error: (issue) =>
    isBlank(issue.input) ? SELECT_SPORT : `Sport must be ${MASTER_PROP_SPORTS.join(' or ')}`,
});

/**
 * A day 'YYYY-MM-DD', read as that whole day in New York time, or an ISO date-time with
 * offset. Both ends are inclusive.
 */
export const dateBoundSchema = z.string({ error: SELECT_DATE_RANGE }).trim();

export interface InstantRange {
  from: Date;
  until: Date;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The start of `from`, just past the end of `to`. */
export function instantOfBound(text: string, edge: 'from' | 'to'): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const start = easternStartOfDay(text);
    if (!start || edge === 'from') return start;
    // The next midnight: 23, 24 or 25 hours later around daylight-saving changes.
    const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
    const nextDay = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    return easternStartOfDay(nextDay);
  }
  if (!ISO_DATE_TIME.test(text)) return null;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  return edge === 'from' ? instant : new Date(instant.getTime() + 1);
}

function rangeOf(dateFrom: string, dateTo: string): InstantRange | string {
  if (dateFrom === '' || dateTo === '') return SELECT_DATE_RANGE;
  const from = instantOfBound(dateFrom, 'from');
  const until = instantOfBound(dateTo, 'to');
  if (!from || !until) return SELECT_DATE_RANGE;
  if (from.getTime() >= until.getTime()) return RANGE_BACKWARDS;
  return { from, until };
}

/** The count is read only without Import All; null: all that match. */
export const importPropsBodySchema = z
  .object({
    groupId: idSchema(GROUP_NOT_FOUND),
    sport: masterPropSportSchema,
    dateFrom: dateBoundSchema.nullish(),
    dateTo: dateBoundSchema.nullish(),
    count: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .describe('A positive whole number; ignored with importAll'),
    importAll: z.boolean({ error: 'importAll must be true or false' }).default(false),
  })
  .transform((input, context) => {
    const range = rangeOf(input.dateFrom ?? '', input.dateTo ?? '');
    if (typeof range === 'string') {
      context.addIssue({ code: 'custom', path: ['dateFrom'], message: range });
      return z.NEVER;
    }
    let limit: number | null = null;
    if (!input.importAll) {
      const raw = typeof input.count === 'string' ? input.count.trim() : input.count;
      const count = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
      if (!Number.isFinite(count) || !Number.isInteger(count)) {
        context.addIssue({ code: 'custom', path: ['count'], message: INVALID_COUNT });
        return z.NEVER;
      }
      if (count <= 0) {
        context.addIssue({ code: 'custom', path: ['count'], message: COUNT_NOT_POSITIVE });
        return z.NEVER;
      }
      limit = Math.min(count, MAX_SERIAL);
    }
    return { groupId: input.groupId, sport: input.sport, range, limit };
  });
export type ImportPropsInput = z.input<typeof importPropsBodySchema>;

export const importPropsResponseSchema = messageSchema.extend({
  /** How many props were added to the group by this import (0: none were left to add). */
  count: z.number().int(),
});

/** The master props the group has not imported yet: what an import would add. */
export const masterPropsCountQuerySchema = z
  .object({
    groupId: idSchema(GROUP_NOT_FOUND),
    sport: masterPropSportSchema,
    dateFrom: dateBoundSchema.optional(),
    dateTo: dateBoundSchema.optional(),
  })
  .transform((input, context) => {
    const from = input.dateFrom ? instantOfBound(input.dateFrom, 'from') : null;
    const until = input.dateTo ? instantOfBound(input.dateTo, 'to') : null;
    if ((input.dateFrom && !from) || (input.dateTo && !until)) {
      context.addIssue({ code: 'custom', path: ['dateFrom'], message: SELECT_DATE_RANGE });
      return z.NEVER;
    }
    return { groupId: input.groupId, sport: input.sport, from, until };
  });

export const countResponseSchema = z.object({ count: z.number().int() });

export const masterPropSchema = z.object({
  id: z.number().int(),
  sport: z.string(),
  sourceKey: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** In the sheet's order. */
  options: z.array(z.string()),
  gameDate: z.string().nullable(),
  /** null: no result; 'N/A': void. */
  result: z.string().nullable(),
  isImported: z.boolean(),
  /** Product rules §3: groupNames and groupIds for display. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  updatedAt: z.string(),
  /** Linked to a game of the scores feed (option values are the market's words); null: the operator settles it. */
  link: z
    .object({
      gameId: z.number().int(),
      market: gameMarketSchema,
      line: z.number().nullable(),
      team: gameSideSchema.nullable(),
      labels: z.array(z.string()),
      overridden: z.boolean(),
    })
    .nullable(),
});
export type MasterProp = z.infer<typeof masterPropSchema>;

export const masterPropIdParamsSchema = z.object({ id: idSchema(MASTER_PROP_NOT_FOUND) });

/** '' or null clears (the panel sends '' for Reset). */
export const setMasterResultBodySchema = z.object({
  /** Required on a linked prop: the result then overrides the feed's. */
  reason: overrideReasonSchema,
  result: z
    .string({ error: INVALID_MASTER_RESULT })
    .max(200, { error: INVALID_MASTER_RESULT })
    .nullable()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    }),
});

export const setMasterResultResponseSchema = messageSchema.extend({
  masterProp: masterPropSchema,
  updatedCopies: z.number().int(),
});

export const syncMasterPropsBodySchema = z.object({
  sport: masterPropSportSchema,
  /** Without it, a sync that would remove master props is refused (409) and changes nothing. */
  removeMissing: z.boolean({ error: 'removeMissing must be true or false' }).optional(),
});

export const removalsNeedConfirming = (sport: string, count: number) =>
  `This removes ${count} ${sport} ${count === 1 ? 'prop that is' : 'props that are'} not in the sheet.`;

/** MASTER_PROPS_SOURCE_* is set: only those can sync. */
export const syncSourcesSchema = z.object({ NFL: z.boolean(), NCAAF: z.boolean() });

export const syncMasterPropsResponseSchema = messageSchema.extend({
  sport: z.enum(MASTER_PROP_SPORTS),
  /** Master props of that sport stored now, i.e. the sheet's rows. */
  count: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** Picks removed because their prop's line or options changed. */
  picksReset: z.number().int(),
});
export type SyncMasterPropsResponse = z.infer<typeof syncMasterPropsResponseSchema>;

/** Product rules §3 'Preview prop': nothing about results or groups. */
export const previewPropSchema = z.object({
  id: z.number().int(),
  sport: z.string(),
  title: z.string(),
  description: z.string(),
});
export type PreviewProp = z.infer<typeof previewPropSchema>;

export const masterPropsContract = {
  list: {
    method: 'GET',
    path: '/api/master-props',
    response: z.array(masterPropSchema),
  },
  count: {
    method: 'GET',
    path: '/api/master-props/count',
    querystring: masterPropsCountQuerySchema,
    response: countResponseSchema,
  },
  setResult: {
    method: 'PATCH',
    path: '/api/admin/master-props/:id',
    params: masterPropIdParamsSchema,
    body: setMasterResultBodySchema,
    response: setMasterResultResponseSchema,
  },
  /** Written from the game as a group's game props are; kept by the sheet's syncs. */
  fromGames: {
    method: 'POST',
    path: '/api/admin/master-props/from-games',
    body: createGamePropsBodySchema,
    response: z.array(masterPropSchema),
  },
  automatic: {
    method: 'POST',
    path: '/api/admin/master-props/:id/automatic',
    params: masterPropIdParamsSchema,
    response: setMasterResultResponseSchema,
  },
  syncSources: {
    method: 'GET',
    path: '/api/admin/sync-master-props',
    response: syncSourcesSchema,
  },
  sync: {
    method: 'POST',
    path: '/api/admin/sync-master-props',
    body: syncMasterPropsBodySchema,
    response: syncMasterPropsResponseSchema,
  },
  importProps: {
    method: 'POST',
    path: '/api/import-props',
    body: importPropsBodySchema,
    response: importPropsResponseSchema,
  },
  preview: {
    method: 'GET',
    path: '/api/props-preview',
    response: z.array(previewPropSchema),
  },
} as const;
