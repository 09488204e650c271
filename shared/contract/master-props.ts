import { z } from 'zod';
import { idSchema, MAX_SERIAL } from './ids';
import { easternStartOfDay } from '../domain/eastern-time';
import { MASTER_PROP_SPORTS } from '../sports';
import { GROUP_NOT_FOUND, messageSchema } from './groups';

/**
 * The operator's master props (product rules §2 'Admin panel', §3 'Master prop'),
 * importing them into a group (§2 'Import Props dialog', §5 'Import') and the public
 * preview (§2 'Prop Preview').
 */

export const MASTER_PROP_NOT_FOUND = 'Master prop not found';

// Product rules §5 'Import', word for word.
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

// ---------------------------------------------------------------------------------------
// Date ranges of the import dialog

/**
 * One end of a date range: a calendar day 'YYYY-MM-DD' (what a range calendar picks),
 * read as that whole day in New York time, or an ISO date-time with offset, read as that
 * instant. Both ends are inclusive: a day-only dateTo covers games until its midnight.
 */
export const dateBoundSchema = z.string({ error: SELECT_DATE_RANGE }).trim();

export interface InstantRange {
  from: Date;
  /** Exclusive. */
  until: Date;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An end of a range as an instant: the start of `from`, just past the end of `to`. */
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

/** Both ends read, or the spec's message for what is wrong with them. */
function rangeOf(dateFrom: string, dateTo: string): InstantRange | string {
  if (dateFrom === '' || dateTo === '') return SELECT_DATE_RANGE;
  const from = instantOfBound(dateFrom, 'from');
  const until = instantOfBound(dateTo, 'to');
  if (!from || !until) return SELECT_DATE_RANGE;
  if (from.getTime() >= until.getTime()) return RANGE_BACKWARDS;
  return { from, until };
}

// ---------------------------------------------------------------------------------------
// Import

/**
 * POST /api/import-props. The count is what the dialog's number field holds (a number or
 * its text); it is read only without Import All. Output: the group, the sport, the range
 * as instants, and how many to import (null: all that match).
 */
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

/**
 * GET /api/master-props/count: the master props of a sport, within the range when one is
 * given, that the group has not imported yet (what an import would add, before the count).
 */
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

// ---------------------------------------------------------------------------------------
// The admin panel

export const masterPropSchema = z.object({
  id: z.number().int(),
  sport: z.string(),
  /** The sheet's key column, when the row has one. */
  sourceKey: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** Option values, in the sheet's order (the card joins them with ' vs '). */
  options: z.array(z.string()),
  gameDate: z.string().nullable(),
  /** null: no result; an option value; or 'N/A' (void). */
  result: z.string().nullable(),
  /** Imported into at least one group. */
  isImported: z.boolean(),
  /** The groups holding a copy, by name (product rules §3: groupNames and groupIds for display). */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  updatedAt: z.string(),
});
export type MasterProp = z.infer<typeof masterPropSchema>;

export const masterPropIdParamsSchema = z.object({ id: idSchema(MASTER_PROP_NOT_FOUND) });

/**
 * PATCH /api/admin/master-props/:id: an option value, 'N/A' (void), or '' / null to
 * clear (the panel sends an empty string for Reset).
 */
export const setMasterResultBodySchema = z.object({
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
  /** Imported copies whose result changed (each got a result_set / result_removed event). */
  updatedCopies: z.number().int(),
});

export const syncMasterPropsBodySchema = z.object({ sport: masterPropSportSchema });

export const syncMasterPropsResponseSchema = messageSchema.extend({
  sport: z.enum(MASTER_PROP_SPORTS),
  /** Master props of that sport stored now, i.e. the sheet's rows. */
  count: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** Members' picks removed because their prop's line or options changed (decision 0020). */
  picksReset: z.number().int(),
});
export type SyncMasterPropsResponse = z.infer<typeof syncMasterPropsResponseSchema>;

// ---------------------------------------------------------------------------------------
// The public preview

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
