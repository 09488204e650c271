import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActivityEvent, ActivityPayload } from '@shared/contract/activity';
import { VOID_RESULT } from '@shared/domain/group-stats';
import type { PropOption } from '@shared/domain/prop-options';
import { isContrarianOption, type PickSplit } from '@shared/domain/reveal';
import type { Db, Tx } from '../../db/client';
import { activityEvents, users } from '../../db/schema';
import { contrarianWinnersOf } from '../props/reveal.service';

/** An event to record: its typed payload, the group, the prop it is about and who did it. */
export type NewActivity = ActivityPayload & {
  groupId: number;
  predictionId?: number | null;
  actorId: number | null;
};

/**
 * The one way to add to a group's feed, inside the transaction of the change it records,
 * so the event and the change commit (or roll back) together.
 */
export async function recordActivity(
  tx: Tx | Db,
  events: readonly NewActivity[],
  /** The decided props' pick splits when the caller already read them under its locks. */
  splits?: ReadonlyMap<number, PickSplit>,
): Promise<void> {
  if (events.length === 0) return;
  const named = await withContrarianWinners(tx, events, splits);
  await tx.insert(activityEvents).values(
    named.map((event) => ({
      groupId: event.groupId,
      predictionId: event.predictionId ?? null,
      actorId: event.actorId,
      eventType: event.eventType,
      eventData: event.eventData,
    })),
  );
}

/**
 * A result that came in names the members who got it right against the crowd
 * (shared/domain/reveal.ts), read now, in the result's own transaction: the picks are
 * final once a prop has a result.
 */
async function withContrarianWinners(
  tx: Tx | Db,
  events: readonly NewActivity[],
  splits: ReadonlyMap<number, PickSplit> | undefined,
): Promise<NewActivity[]> {
  const decided = events.flatMap((event) => {
    const result = decidedResultOf(event);
    return result !== null && event.predictionId ? [{ propId: event.predictionId, result }] : [];
  });
  if (decided.length === 0) return [...events];
  const winners = await contrarianWinnersOf(tx, decided, splits);
  return events.map((event) => {
    const names = event.predictionId ? winners.get(event.predictionId) : undefined;
    if (event.eventType !== 'result_set' || !names || names.length === 0) return event;
    return { ...event, eventData: { ...event.eventData, contrarianWinners: names } };
  });
}

/** The result a line may name contrarian winners for: one set (not voided), else null. */
const decidedResultOf = (event: ActivityPayload): string | null =>
  event.eventType === 'result_set' && event.eventData.result !== VOID_RESULT
    ? event.eventData.result
    : null;

/**
 * Whether a result's line names the members who got it right against the crowd, given the
 * prop's pick split (recordActivity reads their names when it does).
 */
export function namesContrarianWinners(event: ActivityPayload, split: PickSplit): boolean {
  const result = decidedResultOf(event);
  return result !== null && isContrarianOption(split, result);
}

/**
 * recordActivity's insert, for a statement that writes its lines from rows of its own (a
 * leader's results in one statement, decision 0035): `rows` selects group_id,
 * prediction_id, actor_id, event_type, event_data and contrarian_winners (the names a line
 * adds, a jsonb array, or null: namesContrarianWinners decides, pickerNamesSql reads them).
 */
export const insertActivitySql = (rows: string) =>
  `insert into activity_events (group_id, prediction_id, actor_id, event_type, event_data)
    select r.group_id, r.prediction_id, r.actor_id, r.event_type,
      r.event_data || case when r.contrarian_winners is null then '{}'::jsonb
        else jsonb_build_object('contrarianWinners', r.contrarian_winners) end
    from (${rows}) r`;

/** The option's label as stored with the event ('N/A' for a void stays 'N/A'). */
const labelOf = (options: readonly PropOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/**
 * The event a change of result records (by the leader, or the operator's fan-out to every
 * group's copy): result_set for a new, changed or voided result, result_removed when it is
 * cleared; null when nothing changed. Labels are taken now: options may be edited later.
 */
export function resultChangeActivity(
  prop: { title: string; options: readonly PropOption[] },
  previous: string | null,
  next: string | null,
): ActivityPayload | null {
  if (previous === next) return null;
  if (next === null) {
    return {
      eventType: 'result_removed',
      eventData: {
        title: prop.title,
        previousResult: previous ?? '',
        previousResultLabel: previous === null ? '' : labelOf(prop.options, previous),
      },
    };
  }
  return {
    eventType: 'result_set',
    eventData: {
      title: prop.title,
      result: next,
      resultLabel: labelOf(prop.options, next),
      ...(previous !== null && {
        previousResult: previous,
        previousResultLabel: labelOf(prop.options, previous),
      }),
    },
  };
}

/** Who is reading the feed: payment events are for the leader and the member concerned. */
export interface ActivityViewer {
  userId: number;
  isLeader: boolean;
}

/**
 * A page of the group's activity as this viewer may see it, newest first, with who did
 * each thing when they still exist. Payment changes are filtered here, in the query (so
 * the limit counts only what the viewer sees), never left for the client to hide.
 * `before` (an event id) continues after that event: a keyset on (created_at, id), so
 * events added at the top meanwhile neither repeat nor push anything off the next page.
 * An id that is not an event of this group gives an empty page.
 */
export async function listActivity(
  db: Db,
  groupId: number,
  page: { limit: number; before?: number },
  viewer: ActivityViewer,
): Promise<ActivityEvent[]> {
  const visible = viewer.isLeader
    ? undefined
    : sql`(${activityEvents.eventType} <> 'payment_status_update'
        or ${activityEvents.eventData} ->> 'targetUserId' = ${String(viewer.userId)})`;
  const after =
    page.before === undefined
      ? undefined
      : sql`(${activityEvents.createdAt}, ${activityEvents.id}) < (
          select b.created_at, b.id from activity_events b
          where b.id = ${page.before} and b.group_id = ${groupId})`;
  const rows = await db
    .select({ event: activityEvents, actorName: users.displayName })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    .where(and(eq(activityEvents.groupId, groupId), visible, after))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(page.limit);
  return rows.map(({ event, actorName }) => toActivityEvent(event, actorName));
}

/** A stored row as the contract's event: the row's type and data were written typed. */
export function toActivityEvent(
  event: typeof activityEvents.$inferSelect,
  actorName: string | null,
): ActivityEvent {
  return {
    id: event.id,
    groupId: event.groupId,
    predictionId: event.predictionId,
    createdAt: event.createdAt.toISOString(),
    actorName,
    ...({ eventType: event.eventType, eventData: event.eventData } as ActivityPayload),
  };
}
