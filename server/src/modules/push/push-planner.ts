import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { lockStateOf, type LockType } from '@shared/domain/lock-state';
import {
  REMINDER_LEAD_MINUTES,
  dueLeadOf,
  recapMessageOf,
  reminderMessageOf,
  timeLeftText,
  type PushMessage,
  type RecapItem,
} from '@shared/domain/push-notifications';
import { roundLabel, roundWinnersText } from '@shared/domain/rounds';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { pushNotifications, pushRecapItems } from '../../db/schema';
import { seasonBoardOf } from '../standings/boards.service';

const MAX_LEAD_MS = Math.max(...REMINDER_LEAD_MINUTES) * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Inside the caller's transaction (pg-boss's `db` option). */
export type EnqueueDelivery = (notificationId: number, client: PoolClient) => Promise<void>;

/** With e-mail on, a verified address reaches a member with no device too. */
export interface Reach {
  email: boolean;
}

export const reachableSql = (userId: SQL, reach: Reach) =>
  reach.email
    ? sql`(exists (select 1 from push_subscriptions d where d.user_id = ${userId})
        or exists (select 1 from user_emails e where e.user_id = ${userId}
          and e.verified_at is not null and e.failing_at is null))`
    : sql`exists (select 1 from push_subscriptions d where d.user_id = ${userId})`;

export interface NewNotification {
  userId: number;
  kind: 'reminder' | 'recap' | 'nudge';
  dedupeKey: string;
  message: PushMessage;
  recapped?: { propId: number; result: string }[];
}

/**
 * One transaction: the unique dedupe key makes a second planner find it already there, and
 * a crash before the commit leaves neither. A recap's items have no ON CONFLICT: a result
 * already recapped aborts this recap.
 */
export async function createNotification(db: Db, enqueue: EnqueueDelivery, item: NewNotification) {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const tx = drizzle(client);
    const [row] = await tx
      .insert(pushNotifications)
      .values({
        userId: item.userId,
        kind: item.kind,
        dedupeKey: item.dedupeKey,
        payload: { ...item.message, kind: item.kind },
      })
      .onConflictDoNothing()
      .returning({ id: pushNotifications.id });
    if (!row) {
      await client.query('rollback');
      return false;
    }
    if (item.recapped?.length) {
      await tx
        .insert(pushRecapItems)
        .values(
          item.recapped.map((recap) => ({ ...recap, userId: item.userId, notificationId: row.id })),
        );
    }
    await enqueue(row.id, client);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (isUniqueViolation(error)) return false;
    throw error;
  } finally {
    client.release();
  }
}

interface ReminderRow extends Record<string, unknown> {
  user_id: number;
  lead_minutes: number[];
  group_id: number;
  group_name: string;
  lock_type: LockType;
  lock_value: Date | null;
  is_locked: boolean;
  prop_id: number;
  game_date: Date | null;
}

/**
 * One notification per member, group, lead time and lock moment, for open unpicked props
 * whose lock falls inside a lead time (dueLeadOf's rule). One query for every candidate.
 */
export async function planReminders(
  db: Db,
  enqueue: EnqueueDelivery,
  reach: Reach = { email: false },
  now = new Date(),
) {
  const horizon = new Date(now.getTime() + MAX_LEAD_MS);
  const { rows } = await db.execute<ReminderRow>(sql`
    select m.user_id, s.lead_minutes, g.id as group_id, g.name as group_name, g.lock_type,
      g.lock_value, g.is_locked, p.id as prop_id, p.game_date
    from props p
    join groups g on g.id = p.group_id
    join group_members m on m.group_id = g.id
    join notification_settings s on s.user_id = m.user_id and s.reminders
    where p.result is null and p.is_active
      and (g.expires_at is null or g.expires_at > ${now})
      and (
        (p.game_date > ${now} and p.game_date <= ${horizon})
        or (g.lock_type = 'time' and g.lock_value > ${now} and g.lock_value <= ${horizon})
      )
      and ${reachableSql(sql`m.user_id`, reach)}
      and not exists (select 1 from picks k where k.prop_id = p.id and k.user_id = m.user_id)
    order by p.game_date nulls last, p.id`);

  const due = new Map<
    string,
    { row: ReminderRow; lead: number; lockAt: Date; propIds: number[] }
  >();
  for (const row of rows) {
    const state = lockStateOf(
      { result: null, gameDate: row.game_date },
      { lockType: row.lock_type, lockValue: row.lock_value, isLocked: row.is_locked },
      now,
    );
    if (state.locked || !state.at) continue;
    const lead = dueLeadOf(row.lead_minutes, state.at, now);
    if (lead === null) continue;
    const key = `reminder:${row.user_id}:${row.group_id}:${lead}:${state.at.toISOString()}`;
    const entry = due.get(key) ?? { row, lead, lockAt: state.at, propIds: [] };
    entry.propIds.push(Number(row.prop_id));
    due.set(key, entry);
  }

  let created = 0;
  for (const [dedupeKey, { row, lead, lockAt, propIds }] of due) {
    const message = reminderMessageOf({
      groupId: Number(row.group_id),
      groupName: row.group_name,
      propCount: propIds.length,
      firstPropId: propIds[0]!,
      timeLeft: timeLeftText(lockAt.getTime() - now.getTime(), lead),
    });
    const item = { userId: Number(row.user_id), kind: 'reminder' as const, dedupeKey, message };
    if (await createNotification(db, enqueue, item)) created += 1;
  }
  return created;
}

/** A round queued this long ago is left behind: a recap never waits for it longer. */
const ROUND_WAIT_MS = 60_000;

/**
 * The winners of the completed rounds these props belong to, in words; null while one of
 * those rounds is still queued to be settled (its winners are about to be known), so the
 * recap that completes a round names its winner.
 */
async function roundWinnersOf(
  db: Db,
  propIds: readonly number[],
  now: Date,
): Promise<string[] | null> {
  const ids = `{${propIds.join(',')}}`;
  const { rows } = await db.execute<{ index: number; names: string[] | null; queued: boolean }>(sql`
    select r.index,
      (select array_agg(w.display_name order by lower(w.display_name))
        from round_winners w where w.round_id = r.id and r.completed_at is not null) as names,
      exists (select 1 from round_settlements q where q.round_id = r.id
        and q.requested_at > ${new Date(now.getTime() - ROUND_WAIT_MS)}) as queued
    from rounds r
    where r.id in (select round_id from props where id = any(${ids}::int[]))
    order by r.index`);
  if (rows.some((row) => row.queued)) return null;
  return rows.flatMap((row) =>
    row.names?.length
      ? [
          roundWinnersText({
            round: roundLabel(Number(row.index)),
            winners: row.names.map((displayName) => ({ displayName })),
          }),
        ]
      : [],
  );
}

interface RecapRow extends Record<string, unknown> {
  user_id: number;
  group_id: number;
  group_name: string;
  prop_id: number;
  title: string;
  result: string;
  selected_option: string;
  result_set_at: Date;
}

/**
 * A group's batch goes once its oldest unrecapped result is `batchMs` old, so ten props
 * settled in a minute send one recap. Voids are not recapped.
 */
export async function planRecaps(
  db: Db,
  enqueue: EnqueueDelivery,
  batchMs: number,
  reach: Reach = { email: false },
  now = new Date(),
) {
  const since = new Date(now.getTime() - DAY_MS);
  const { rows } = await db.execute<RecapRow>(sql`
    select k.user_id, p.group_id, g.name as group_name, p.id as prop_id, p.title, p.result,
      k.selected_option, p.result_set_at
    from props p
    join groups g on g.id = p.group_id
    join picks k on k.prop_id = p.id
    join notification_settings s on s.user_id = k.user_id and s.recaps
    where p.result_set_at > ${since} and p.result is not null and p.result <> 'N/A'
      and ${reachableSql(sql`k.user_id`, reach)}
      and not exists (
        select 1 from push_recap_items r
        where r.user_id = k.user_id and r.prop_id = p.id and r.result = p.result
      )
    order by p.result_set_at, p.id`);

  const byGroup = new Map<number, RecapRow[]>();
  for (const row of rows) {
    const groupId = Number(row.group_id);
    byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), row]);
  }

  let created = 0;
  for (const [groupId, groupRows] of byGroup) {
    const oldest = Math.min(...groupRows.map((row) => new Date(row.result_set_at).getTime()));
    if (now.getTime() - oldest < batchMs) continue;
    const roundWinners = await roundWinnersOf(
      db,
      groupRows.map((row) => Number(row.prop_id)),
      now,
    );
    if (!roundWinners) continue;
    const board = await seasonBoardOf(db, groupId);
    const byUser = new Map<number, RecapRow[]>();
    for (const row of groupRows) {
      const userId = Number(row.user_id);
      byUser.set(userId, [...(byUser.get(userId) ?? []), row]);
    }
    for (const [userId, userRows] of byUser) {
      const standing = board.find((entry) => entry.user.id === userId);
      if (!standing) continue;
      const items: RecapItem[] = userRows.map((row) => ({
        title: row.title,
        correct: row.selected_option === row.result,
      }));
      const recapped = userRows.map((row) => ({ propId: Number(row.prop_id), result: row.result }));
      const identity = recapped.map((item) => `${item.propId}=${item.result}`).join(',');
      const dedupeKey = `recap:${userId}:${groupId}:${createHash('sha256').update(identity).digest('hex')}`;
      const message = recapMessageOf({
        groupId,
        groupName: userRows[0]!.group_name,
        items,
        position: standing.position,
        totalMembers: board.length,
        roundWinners,
      });
      const item = { userId, kind: 'recap' as const, dedupeKey, message, recapped };
      if (await createNotification(db, enqueue, item)) created += 1;
    }
  }
  return created;
}
