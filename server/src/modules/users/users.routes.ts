import type { FastifyInstance } from 'fastify';
import { usersContract } from '@shared/contract/users';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import { currentUser, requireSelf } from '../../plugins/guards';
import { clearSessionCookie } from '../../plugins/session';
import { deleteAccount, listUserGroups, updateDisplayName } from './users.service';

export async function usersRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const c = usersContract;

  defineRoute(app, c.update, {
    guard: requireSelf,
    handler: async (request) =>
      updateDisplayName(db, currentUser(request).id, request.body.displayName),
  });

  defineRoute(app, c.remove, {
    guard: requireSelf,
    status: 204,
    handler: async (request, reply) => {
      await deleteAccount(db, currentUser(request).id);
      clearSessionCookie(reply);
    },
  });

  defineRoute(app, c.groups, {
    guard: requireSelf,
    handler: async (request) => listUserGroups(db, currentUser(request).id),
  });
}
