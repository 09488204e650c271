import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';

/**
 * Product rules §3 'Activity event': one typed shape per eventType, so the server cannot
 * write a field the client does not know.
 */

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_LIMIT_MAX = 100;
const limitMessage = `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}`;
const BEFORE_MESSAGE = 'before must be the id of an event of this group';

/** Newest first; `before` is the id of the last event of the previous page. */
export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(ACTIVITY_LIMIT_MAX, { error: limitMessage })
    .optional(),
  before: idSchema(BEFORE_MESSAGE).optional(),
});

/** How a linked prop's result changed when not by the feed: a person's override, or a return to the feed. */
const resultModeFields = {
  mode: z.enum(['override', 'automatic']).optional(),
  /** Why a person overrode the result, or why the feed voided it. */
  reason: z.string().optional(),
};

/** Labels are the option labels at that time. */
export const resultSetDataSchema = z.object({
  ...resultModeFields,
  title: z.string(),
  result: z.string(),
  resultLabel: z.string(),
  previousResult: z.string().optional(),
  previousResultLabel: z.string().optional(),
  /** Members right with a pick few others made (shared/domain/reveal.ts). */
  contrarianWinners: z.array(z.string()).optional(),
  /** The operator's master result reached this imported copy. */
  byPickem: z.literal(true).optional(),
});

export const resultRemovedDataSchema = z.object({
  ...resultModeFields,
  title: z.string(),
  previousResult: z.string(),
  previousResultLabel: z.string(),
  byPickem: z.literal(true).optional(),
});

/**
 * Shown only to the leader and the member it is about (targetUserId; older events without
 * it reach the leader only).
 */
export const paymentDataSchema = z.object({
  leaderName: z.string(),
  targetUserName: z.string(),
  targetUserId: z.number().int().optional(),
  /** Older events have only the name. */
  leaderId: z.number().int().optional(),
  newStatus: z.enum(['PAID', 'UNPAID']),
});

export const propDeletedDataSchema = z.object({ title: z.string(), sport: z.string() });

export const propsBulkDeletedDataSchema = z.object({
  count: z.number().int(),
  type: z.literal('unlocked'),
});

export const newPropsDataSchema = z.union([
  z.object({ type: z.literal('custom'), title: z.string(), sport: z.string() }),
  z.object({ type: z.literal('prebuilt'), count: z.number().int() }),
  z.object({ type: z.literal('imported'), count: z.number().int(), sport: z.string() }),
]);

/** A line or options change reset the picks; the description is given only when its line moved. */
export const lineChangedDataSchema = z.object({
  title: z.string(),
  previousOptions: z.array(z.string()),
  options: z.array(z.string()),
  previousDescription: z.string(),
  description: z.string(),
  picksReset: z.number().int(),
});

/**
 * A round's winners as recorded when it completed (product rules §10 'Tiebreaker'), with
 * what decided first place ('won on the tiebreaker: 47 vs 45'); none with a single entry.
 */
export const roundWinnersDataSchema = z.object({
  roundId: z.number().int(),
  round: z.string(),
  winners: z.array(z.object({ userId: z.number().int().nullable(), displayName: z.string() })),
  points: z.number().int(),
  decision: z.string().optional(),
});

const eventBase = {
  id: z.number().int(),
  groupId: z.number().int(),
  /** Kept after the prop is deleted; null for group-wide events. */
  predictionId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The account may since be gone. */
  actorName: z.string().nullable(),
};

export const activityEventSchema = z.discriminatedUnion('eventType', [
  z.object({ ...eventBase, eventType: z.literal('result_set'), eventData: resultSetDataSchema }),
  z.object({
    ...eventBase,
    eventType: z.literal('result_removed'),
    eventData: resultRemovedDataSchema,
  }),
  z.object({
    ...eventBase,
    eventType: z.literal('payment_status_update'),
    eventData: paymentDataSchema,
  }),
  z.object({
    ...eventBase,
    eventType: z.literal('prop_deleted'),
    eventData: propDeletedDataSchema,
  }),
  z.object({
    ...eventBase,
    eventType: z.literal('props_bulk_deleted'),
    eventData: propsBulkDeletedDataSchema,
  }),
  z.object({ ...eventBase, eventType: z.literal('new'), eventData: newPropsDataSchema }),
  z.object({
    ...eventBase,
    eventType: z.literal('line_changed'),
    eventData: lineChangedDataSchema,
  }),
  z.object({
    ...eventBase,
    eventType: z.literal('round_winners'),
    eventData: roundWinnersDataSchema,
  }),
]);
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export type ActivityEventType = ActivityEvent['eventType'];
export type ActivityPayload = ActivityEvent extends infer E
  ? E extends ActivityEvent
    ? Pick<E, 'eventType' | 'eventData'>
    : never
  : never;
export const ACTIVITY_EVENT_TYPES = [
  'result_set',
  'result_removed',
  'payment_status_update',
  'prop_deleted',
  'props_bulk_deleted',
  'new',
  'line_changed',
  'round_winners',
] as const satisfies readonly ActivityEventType[];

export const activityContract = {
  list: {
    method: 'GET',
    path: '/api/activity-events/:id',
    params: groupIdParamsSchema,
    querystring: activityQuerySchema,
    response: z.array(activityEventSchema),
  },
} as const;
