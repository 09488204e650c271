import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_DEFAULT, activityContract } from '@shared/contract/activity';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import { currentGroup, currentUser, requireMember } from '../../plugins/guards';
import {
  contractJson,
  formatOf,
  keepRecent,
  perDatabase,
  sendShared,
} from '../../plugins/shared-answer';
import { listActivity } from './activity.service';

/** GET /api/activity-events/:id (the group's id): members only. */
export async function activityRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const c = activityContract.list;

  defineRoute(app, c, {
    guard: requireMember(db),
    // Built once per group version for the leader and once for the members (decision
    // 0027), unless the feed has payment events, which only the leader and the member
    // concerned see: then each member's is their own.
    handler: async (request, reply) => {
      const { group, isLeader, version } = currentGroup(request);
      const userId = currentUser(request).id;
      const limit = request.query.limit ?? ACTIVITY_PAGE_DEFAULT;
      const { before } = request.query;
      const personal = !isLeader && (await hasPaymentEvents(db, group.id, version));
      const viewer = isLeader ? 'leader' : personal ? `member ${userId}` : 'member';
      // The members' shared feed is read as nobody's: no payment event in it even if one
      // for the reader lands after the version was read.
      const as = isLeader || personal ? { userId, isLeader } : { userId: 0, isLeader: false };
      const key = `activity\n${formatOf(c.response)}\n${group.id}\n${limit}\n${before}\n${viewer}`;
      return sendShared(db, request, reply, key, version, async () => ({
        json: contractJson(c.response, await listActivity(db, group.id, { limit, before }, as)),
      }));
    },
  });
}

/** Per database, per group: whether its feed had payment events at the version kept. */
const paymentsOf = perDatabase(() => new Map<number, { version: string; any: boolean }>());

/** One probe of activity_events_payment_idx per group version and instance. */
async function hasPaymentEvents(db: Db, groupId: number, version: string): Promise<boolean> {
  const known = paymentsOf(db);
  const kept = known.get(groupId);
  if (kept?.version === version) return kept.any;
  const { rows } = await db.execute<{ any: boolean }>(sql`select exists (
    select 1 from activity_events
    where group_id = ${groupId} and event_type = 'payment_status_update') as any`);
  const any = rows[0]?.any === true;
  keepRecent(known, groupId, { version, any }, 1000);
  return any;
}
