import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_DEFAULT, activityContract } from '@shared/contract/activity';
import type { Db } from '../../db/client';
import { defineRoute, type ContractRequest } from '../../http/define-route';
import { currentGroup, currentUser, requireMember } from '../../http/guards';
import { keepRecent, perDatabase } from '../../db/per-database';
import { listActivity } from './activity.service';

/** Members only. */
export async function activityRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const c = activityContract.list;

  const readerOf = async (request: ContractRequest<typeof c>) => {
    const { group, isLeader, version } = currentGroup(request);
    const userId = currentUser(request).id;
    if (isLeader) return { name: 'leader', as: { userId, isLeader } };
    if (await hasPaymentEvents(db, group.id, version)) {
      return { name: `member ${userId}`, as: { userId, isLeader } };
    }
    // Read as nobody's: no payment event in it even if one for the reader lands meanwhile.
    return { name: 'member', as: { userId: 0, isLeader: false } };
  };

  defineRoute(app, c, {
    guard: requireMember(db),
    // One feed per group version for the leader and one for the members, unless the feed
    // has payment events, which only the leader and the member concerned see.
    cache: {
      name: async (request) => {
        const { group, version } = currentGroup(request);
        const { limit = ACTIVITY_PAGE_DEFAULT, before } = request.query;
        return { key: [group.id, limit, before, (await readerOf(request)).name], version };
      },
      readers: 'many',
    },
    handler: async (request) => {
      const { limit = ACTIVITY_PAGE_DEFAULT, before } = request.query;
      const { as } = await readerOf(request);
      return listActivity(db, currentGroup(request).group.id, { limit, before }, as);
    },
  });
}

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
