import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usersContract } from '@shared/contract/users';
import type { Db } from '../../db/client';
import { currentUser, requireSelf } from '../../plugins/guards';
import { clearSessionCookie } from '../../plugins/session';
import { deleteAccount, listUserGroups, updateDisplayName } from './users.service';

export async function usersRoutes(fastify: FastifyInstance, options: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const { update, remove, groups } = usersContract;

  app.route({
    method: update.method,
    url: update.path,
    schema: { params: update.params, body: update.body, response: { 200: update.response } },
    onRequest: [requireSelf],
    handler: async (request) =>
      updateDisplayName(db, currentUser(request).id, request.body.displayName),
  });

  app.route({
    method: remove.method,
    url: remove.path,
    schema: { params: remove.params },
    onRequest: [requireSelf],
    handler: async (request, reply) => {
      await deleteAccount(db, currentUser(request).id);
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  });

  app.route({
    method: groups.method,
    url: groups.path,
    schema: { params: groups.params, response: { 200: groups.response } },
    onRequest: [requireSelf],
    handler: async (request) => listUserGroups(db, currentUser(request).id),
  });
}
