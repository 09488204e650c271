import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';

/**
 * The group's activity feed (product rules §3 'Activity event'): one typed shape per eventType, so
 * the server cannot write a field the client does not know and the client reads every
 * field without guessing. server/src/modules/activity writes and lists every event.
 */

/** Events per answer when no limit is asked for: a page of the All Activity list. */
export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_LIMIT_MAX = 100;
const limitMessage = `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}`;
const BEFORE_MESSAGE = 'before must be the id of an event of this group';

/**
 * Newest first, a page at a time (decision 0019): `limit` events (the Recent Activity
 * card asks for 5; absent: 50), and `before`, the id of the last event of the previous
 * page, for the next one. The answer stays the spec's plain list of events.
 */
export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(ACTIVITY_LIMIT_MAX, { error: limitMessage })
    .optional(),
  before: idSchema(BEFORE_MESSAGE).optional(),
});

/** A result set, changed or voided ('N/A'); labels are the option labels at that time. */
export const resultSetDataSchema = z.object({
  title: z.string(),
  result: z.string(),
  resultLabel: z.string(),
  previousResult: z.string().optional(),
  previousResultLabel: z.string().optional(),
  /**
   * Members who got it right with a pick few others made (shared/domain/reveal.ts),
   * by display name; absent or empty when nobody did.
   */
  contrarianWinners: z.array(z.string()).optional(),
});

export const resultRemovedDataSchema = z.object({
  title: z.string(),
  previousResult: z.string(),
  previousResultLabel: z.string(),
});

/**
 * A payment change is between the leader and that member: the feed shows it only to the
 * leader and to the member it is about (targetUserId; events written before it was
 * recorded reach the leader only).
 */
export const paymentDataSchema = z.object({
  leaderName: z.string(),
  targetUserName: z.string(),
  targetUserId: z.number().int().optional(),
  newStatus: z.enum(['PAID', 'UNPAID']),
});

export const propDeletedDataSchema = z.object({ title: z.string(), sport: z.string() });

export const propsBulkDeletedDataSchema = z.object({
  count: z.number().int(),
  type: z.literal('unlocked'),
});

/** One prop created by hand, sample props generated, or master props imported. */
export const newPropsDataSchema = z.union([
  z.object({ type: z.literal('custom'), title: z.string(), sport: z.string() }),
  z.object({ type: z.literal('prebuilt'), count: z.number().int() }),
  z.object({ type: z.literal('imported'), count: z.number().int(), sport: z.string() }),
]);

/**
 * A prop's line or options changed (a sheet sync, the leader's edit) and the picks on it
 * were reset (decision 0020). Options are their labels; the description is given before
 * and after only when its line moved.
 */
export const lineChangedDataSchema = z.object({
  title: z.string(),
  previousOptions: z.array(z.string()),
  options: z.array(z.string()),
  previousDescription: z.string(),
  description: z.string(),
  /** How many members' picks were removed. */
  picksReset: z.number().int(),
});

/** What every stored event carries besides its type and data. */
const eventBase = {
  id: z.number().int(),
  groupId: z.number().int(),
  /** The prop it is about, kept after the prop is deleted; null for group-wide events. */
  predictionId: z.number().int().nullable(),
  createdAt: z.string(),
  /** Who did it, when known (the account may since be gone). */
  actorName: z.string().nullable(),
};

/** Every (eventType, eventData) pair the feed knows: written and read through this type. */
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
]);
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export type ActivityEventType = ActivityEvent['eventType'];
/** What a writer supplies: the type and its data (the rest is stored or looked up). */
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
