import { z } from 'zod';
import { GAME_STATUSES } from '../domain/game-grading';
import { groupIdParamsSchema } from './groups';

/**
 * `GET /api/groups/:id/events` is a Server-Sent Events stream: each event's `id:` increases
 * within the group. The server writes them from database triggers.
 */

const base = { groupId: z.number().int(), id: z.number().int() };
const ids = z.array(z.number().int());

export const liveEventSchema = z.discriminatedUnion('type', [
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
  /** Locked by time: no write happens then, so the server's sweep says it. */
  z.object({ ...base, type: z.literal('prop_locked'), propIds: ids }),
  /** null: removed. Also says that records moved and its activity line was written. */
  z.object({
    ...base,
    type: z.literal('result'),
    propId: z.number().int(),
    result: z.string().nullable(),
    previousResult: z.string().nullable(),
  }),
  /** Other than by a result (whose event says so). */
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
  /** lockChanged: every prop's lock may have moved. */
  z.object({
    ...base,
    type: z.literal('settings'),
    isLocked: z.boolean(),
    lockChanged: z.boolean(),
  }),
  /** Other than a result's (whose event says so). */
  z.object({
    ...base,
    type: z.literal('activity'),
    activityId: z.number().int(),
    eventType: z.string(),
  }),
  /** Ids only, not even the author's: a sealed comment is told as one more to count. */
  z.object({
    ...base,
    type: z.literal('comment'),
    propId: z.number().int().nullable(),
    commentId: z.number().int(),
  }),
  z.object({
    ...base,
    type: z.literal('reaction'),
    propId: z.number().int().nullable(),
    commentId: z.number().int().nullable(),
    pickId: z.number().int().nullable(),
  }),
  z.object({
    ...base,
    type: z.literal('game'),
    gameId: z.number().int(),
    status: z.enum(GAME_STATUSES),
    startsAt: z.string(),
    period: z.number().int().nullable(),
    clock: z.string().nullable(),
    detail: z.string().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
  }),
  /** The stream ends. */
  z.object({ ...base, type: z.literal('group_deleted') }),
  /** What this page missed cannot be replayed: refetch everything. */
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
  'comment',
  'reaction',
  'game',
  'group_deleted',
  'refetch',
] as const satisfies readonly LiveEventType[];

/** Proxies close connections silent for 30 s or more. */
export const LIVE_HEARTBEAT_MS = 20_000;

export const LIVE_LOCK_SWEEP_MS = 1_000;

export const liveEventsQuerySchema = z.object({
  /** For an EventSource, which cannot set Last-Event-ID on its own reconnects; the header wins. */
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
    /** Each event's data: the stream is written event by event. */
    response: liveEventSchema,
  },
} as const;
