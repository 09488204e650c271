import type { FastifyInstance } from 'fastify';
import { ACTIVITY_PAGE_DEFAULT, activityContract } from '@shared/contract/activity';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import { currentGroup, currentUser, requireMember } from '../../plugins/guards';
import { listActivity } from './activity.service';

/** GET /api/activity-events/:id (the group's id): members only. */
export async function activityRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  defineRoute(app, activityContract.list, {
    guard: requireMember(db),
    handler: async (request) => {
      const { group, isLeader } = currentGroup(request);
      return listActivity(
        db,
        group.id,
        { limit: request.query.limit ?? ACTIVITY_PAGE_DEFAULT, before: request.query.before },
        { userId: currentUser(request).id, isLeader },
      );
    },
  });
}
