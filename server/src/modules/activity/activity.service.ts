import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActivityEvent, ActivityPayload } from '@shared/contract/activity';
import { VOID_RESULT } from '@shared/domain/group-stats';
import type { PropOption } from '@shared/domain/prop-options';
import { isContrarianOption, type PickSplit } from '@shared/domain/reveal';
import type { Db, Tx } from '../../db/client';
import { activityEvents, users } from '../../db/schema';
import { contrarianWinnersOf } from '../props/reveal.service';

export type NewActivity = ActivityPayload & {
  groupId: number;
  predictionId?: number | null;
  actorId: number | null;
};

/** Inside the transaction of the change it records, so both commit or roll back together. */
export async function recordActivity(
  tx: Tx | Db,
  events: readonly NewActivity[],
  /** When the caller already read them under its locks. */
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

/** Read in the result's own transaction: the picks are final once a prop has a result. */
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

/** Set (not voided), else null. */
const decidedResultOf = (event: ActivityPayload): string | null =>
  event.eventType === 'result_set' && event.eventData.result !== VOID_RESULT
    ? event.eventData.result
    : null;

export function namesContrarianWinners(event: ActivityPayload, split: PickSplit): boolean {
  const result = decidedResultOf(event);
  return result !== null && isContrarianOption(split, result);
}

/**
 * recordActivity's insert for a statement that writes its lines from rows of its own: `rows`
 * selects group_id, prediction_id, actor_id, event_type, event_data and contrarian_winners
 * (a jsonb array of names, or null).
 */
export const insertActivitySql = (rows: string) =>
  `insert into activity_events (group_id, prediction_id, actor_id, event_type, event_data)
    select r.group_id, r.prediction_id, r.actor_id, r.event_type,
      r.event_data || case when r.contrarian_winners is null then '{}'::jsonb
        else jsonb_build_object('contrarianWinners', r.contrarian_winners) end
    from (${rows}) r`;

const labelOf = (options: readonly PropOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** An override (with its reason), a return to the feed's result, or neither; a feed void has its reason. */
export interface ResultHow {
  mode?: 'override' | 'automatic';
  reason?: string | null;
  /** The operator's master result, credited to the product, not to them. */
  byPickem?: boolean;
}

/**
 * result_set for a new, changed or voided result, result_removed when cleared; null when
 * nothing changed. Labels are taken now: options may be edited later.
 */
export function resultChangeActivity(
  prop: { title: string; options: readonly PropOption[] },
  previous: string | null,
  next: string | null,
  how: ResultHow = {},
): ActivityPayload | null {
  if (previous === next) return null;
  const said = {
    ...(how.mode && { mode: how.mode }),
    ...(how.reason && { reason: how.reason }),
    ...(how.byPickem && { byPickem: true as const }),
  };
  if (next === null) {
    return {
      eventType: 'result_removed',
      eventData: {
        ...said,
        title: prop.title,
        previousResult: previous ?? '',
        previousResultLabel: previous === null ? '' : labelOf(prop.options, previous),
      },
    };
  }
  return {
    eventType: 'result_set',
    eventData: {
      ...said,
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

export interface ActivityViewer {
  userId: number;
  isLeader: boolean;
}

/**
 * Payment changes are filtered in the query, so the limit counts only what the viewer sees.
 * `before` is a keyset on (created_at, id), so events added at the top meanwhile neither
 * repeat nor push anything off the next page; an unknown id gives an empty page.
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

export function toActivityEvent(
  event: typeof activityEvents.$inferSelect,
  actorName: string | null,
): ActivityEvent {
  // A master result is the product's in every group: the operator's own name stays out.
  const byPickem = (event.eventData as { byPickem?: boolean }).byPickem === true;
  return {
    id: event.id,
    groupId: event.groupId,
    predictionId: event.predictionId,
    createdAt: event.createdAt.toISOString(),
    actorName: byPickem ? null : actorName,
    ...({ eventType: event.eventType, eventData: event.eventData } as ActivityPayload),
  };
}
