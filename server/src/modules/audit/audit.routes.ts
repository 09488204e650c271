import type { FastifyInstance } from 'fastify';
import { AUDIT_PAGE_DEFAULT, auditContract } from '@shared/contract/audit';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, requireMember } from '../../http/guards';
import { listAudit } from './audit.service';

/** Members see the result entries, the leader everything. */
export async function auditRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  defineRoute(app, auditContract.list, {
    guard: requireMember(db),
    handler: async (request) => {
      const { group, isLeader } = currentGroup(request);
      const limit = request.query.limit ?? AUDIT_PAGE_DEFAULT;
      return listAudit(db, group.id, { limit, before: request.query.before }, { isLeader });
    },
  });
}
