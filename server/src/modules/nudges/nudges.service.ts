import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { lockStateOf } from '@shared/domain/lock-state';
import {
  NUDGE_HORIZON_MS,
  NUDGE_INTERVAL_MS,
  nextNudgeAt,
  nudgeMessageOf,
} from '@shared/domain/nudges';
import { formatTimeLeft } from '@shared/domain/push-notifications';
import type { Db } from '../../db/client';
import { pushNotifications, type GroupRow } from '../../db/schema';
import { HttpError, conflict, notFound, unprocessable } from '../../http/errors';
import { reachableSql, type EnqueueDelivery, type Reach } from '../push/push-planner';

interface TargetRow extends Record<string, unknown> {
  display_name: string;
  nudges: boolean | null;
  reachable: boolean;
}

interface OpenPropRow extends Record<string, unknown> {
  id: number;
  game_date: Date | null;
}

/**
 * Product rules §9 'Nudges': at most one per target per group every six hours, whoever
 * sends it. The claim on the `nudges` row and the notification are one transaction, so two
 * senders at once give one nudge. Returns the sender's confirmation.
 */
export async function sendNudge(
  db: Db,
  input: {
    group: GroupRow;
    sender: { id: number; displayName: string };
    targetId: number;
    reach: Reach;
    enqueue: EnqueueDelivery | undefined;
  },
  now = new Date(),
): Promise<string> {
  const { group, sender, targetId } = input;
  if (targetId === sender.id) throw unprocessable('You cannot nudge yourself');
  const { rows: targets } = await db.execute<TargetRow>(sql`
    select u.display_name, s.nudges, ${reachableSql(sql`u.id`, input.reach)} as reachable
    from group_members m
    join users u on u.id = m.user_id
    left join notification_settings s on s.user_id = u.id
    where m.group_id = ${group.id} and m.user_id = ${targetId} and m.is_contestant`);
  const target = targets[0];
  if (!target) throw notFound('Member not found');
  const name = target.display_name;
  if (target.nudges === false) throw conflict(`${name} has turned nudges off`);

  const { rows: candidates } = await db.execute<OpenPropRow>(sql`
    select p.id, p.game_date from props p
    where p.group_id = ${group.id} and p.result is null and p.is_active
      and not exists (select 1 from picks k where k.prop_id = p.id and k.user_id = ${targetId})
    order by p.game_date nulls last, p.id`);
  const soon = candidates
    .map((prop) => ({
      id: prop.id,
      lock: lockStateOf({ result: null, gameDate: prop.game_date }, group, now),
    }))
    .filter(
      ({ lock }) =>
        !lock.locked && lock.at && lock.at.getTime() - now.getTime() <= NUDGE_HORIZON_MS,
    )
    .sort((a, b) => a.lock.at!.getTime() - b.lock.at!.getTime());
  const first = soon[0];
  if (!first?.lock.at) {
    throw conflict(`${name} has no open props to pick that lock within 24 hours`);
  }
  if (!target.reachable) {
    throw conflict(`${name} has not turned on notifications, so a nudge cannot reach them`);
  }

  const message = nudgeMessageOf({
    senderName: sender.displayName,
    groupId: group.id,
    groupName: group.name,
    propCount: soon.length,
    firstPropId: first.id,
    lockInMs: first.lock.at.getTime() - now.getTime(),
  });
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const claimed = await client.query<{ sent_at: Date }>(
      `insert into nudges (group_id, target_id, sender_id, sent_at) values ($1, $2, $3, $4)
       on conflict (group_id, target_id) do update
         set sender_id = excluded.sender_id, sent_at = excluded.sent_at
         where nudges.sent_at <= $4::timestamptz - make_interval(secs => $5)
       returning sent_at`,
      [group.id, targetId, sender.id, now, NUDGE_INTERVAL_MS / 1000],
    );
    if (claimed.rowCount === 0) {
      await client.query('rollback');
      const last = await client.query<{ sent_at: Date }>(
        'select sent_at from nudges where group_id = $1 and target_id = $2',
        [group.id, targetId],
      );
      const next = nextNudgeAt(last.rows[0]?.sent_at ?? now);
      throw new HttpError(
        429,
        `${name} was nudged less than 6 hours ago. The next nudge is possible in ${formatTimeLeft(next.getTime() - now.getTime())}.`,
      );
    }
    const [row] = await drizzle(client)
      .insert(pushNotifications)
      .values({
        userId: targetId,
        kind: 'nudge',
        dedupeKey: `nudge:${group.id}:${targetId}:${now.toISOString()}`,
        payload: { ...message, kind: 'nudge' },
      })
      .returning({ id: pushNotifications.id });
    if (row && input.enqueue) await input.enqueue(row.id, client);
    await client.query('commit');
    return `Nudged ${name}`;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
