import { z } from 'zod';
import { groupIdParamsSchema } from './groups';

/**
 * Live updates (decision 0017): `GET /api/groups/:id/events` is a Server-Sent Events
 * stream. Each event has an `event:` name (its type), an `id:` that increases within the
 * group, and JSON data: `{ type, groupId, id, ...fields }` as below. The server writes these
 * from database triggers (server/src/db/migrations/0009_group_events_triggers.sql); the
 * client (features/live) turns them into cache updates.
 */

const base = { groupId: z.number().int(), id: z.number().int() };
const ids = z.array(z.number().int());

export const liveEventSchema = z.discriminatedUnion('type', [
  /** Someone picked, changed or lost a pick: how many have picked it now, and who acted. */
  z.object({
    ...base,
    type: z.literal('pick'),
    propId: z.number().int(),
    pickCount: z.number().int(),
    userIds: ids,
  }),
  z.object({ ...base, type: z.literal('prop_added'), propIds: ids }),
  z.object({ ...base, type: z.literal('prop_edited'), propId: z.number().int() }),
  z.object({ ...base, type: z.literal('prop_deleted'), propIds: ids }),
  /**
   * These props locked by time (their game started, the group's set time passed): no write
   * happens then, so the server's sweep says it. The split and who picked what are now
   * readable.
   */
  z.object({ ...base, type: z.literal('prop_locked'), propIds: ids }),
  /**
   * A result set, changed, voided ('N/A') or removed (null). It also says that the members'
   * records moved and that its activity line was written: neither sends an event of its own.
   */
  z.object({
    ...base,
    type: z.literal('result'),
    propId: z.number().int(),
    result: z.string().nullable(),
    previousResult: z.string().nullable(),
  }),
  /** Wins or losses moved for someone, other than by a result (whose event says so). */
  z.object({ ...base, type: z.literal('standings') }),
  z.object({ ...base, type: z.literal('member_joined'), userId: z.number().int() }),
  z.object({ ...base, type: z.literal('member_left'), userId: z.number().int() }),
  /** Sent only to the leader and that member. */
  z.object({
    ...base,
    type: z.literal('payment'),
    userId: z.number().int(),
    isPaid: z.boolean(),
  }),
  /** Group settings saved; lockChanged when the lock settings (and so every prop's lock) moved. */
  z.object({
    ...base,
    type: z.literal('settings'),
    isLocked: z.boolean(),
    lockChanged: z.boolean(),
  }),
  /** A line added to the activity feed, other than a result's (whose event says so). */
  z.object({
    ...base,
    type: z.literal('activity'),
    activityId: z.number().int(),
    eventType: z.string(),
  }),
  /** The group was deleted; the stream ends. */
  z.object({ ...base, type: z.literal('group_deleted') }),
  /** What this page missed cannot be replayed (pruned, or too much): refetch everything. */
  z.object({ ...base, type: z.literal('refetch'), reason: z.enum(['too_old', 'too_many']) }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES = [
  'pick',
  'prop_added',
  'prop_edited',
  'prop_deleted',
  'prop_locked',
  'result',
  'standings',
  'member_joined',
  'member_left',
  'payment',
  'settings',
  'activity',
  'group_deleted',
  'refetch',
] as const satisfies readonly LiveEventType[];

/** The heartbeat comment's period: proxies close connections silent for 30 s or more. */
export const LIVE_HEARTBEAT_MS = 20_000;

/** How often each instance looks for props whose lock time has passed (decision 0017). */
export const LIVE_LOCK_SWEEP_MS = 1_000;

export const liveEventsQuerySchema = z.object({
  /**
   * The last event id the page saw, for an EventSource that cannot set the Last-Event-ID
   * header (the client reconnects by itself, with backoff); the header wins when both come.
   */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'lastEventId must be a whole number' })
    .optional(),
});

export const liveContract = {
  events: {
    method: 'GET',
    path: '/api/groups/:id/events',
    params: groupIdParamsSchema,
    querystring: liveEventsQuerySchema,
    summary: 'Live updates of a group (Server-Sent Events)',
    description:
      'A text/event-stream: each event has an `event:` name (its type), an `id:` increasing within the group and JSON data (shared/contract/live.ts). A heartbeat comment at least every 25 s. Send Last-Event-ID (or ?lastEventId=) to replay what was missed; a `refetch` event when that is no longer possible. Ends when the member leaves or is removed, the group or the account is deleted, or the session ends.',
    produces: ['text/event-stream'],
    /** Each event's data: the stream is written event by event, never as one JSON answer. */
    response: liveEventSchema,
  },
} as const;
