import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACTIVITY_PAGE_DEFAULT, activityContract } from '@shared/contract/activity';
import type { Db } from '../../db/client';
import { currentGroup, currentUser, requireMember } from '../../plugins/guards';
import { listActivity } from './activity.service';

/** GET /api/activity-events/:id (the group's id): members only. */
export async function activityRoutes(fastify: FastifyInstance, options: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const c = activityContract.list;

  app.route({
    method: c.method,
    url: c.path,
    schema: {
      params: c.params,
      querystring: c.querystring,
      response: { 200: c.response },
    },
    onRequest: [requireMember(db)],
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
