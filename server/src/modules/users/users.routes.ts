import type { FastifyInstance, FastifyRequest } from 'fastify';
import { usersContract } from '@shared/contract/users';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import {
  rowReadWithSession,
  currentUser,
  requireSelf,
  requireSelfAndRead,
} from '../../http/guards';
import { clearSessionCookie } from '../../plugins/session';
import {
  deleteAccount,
  HOME_CARDS_STAMP,
  listUserGroups,
  updateDisplayName,
} from './users.service';

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

  const cardsRead = (request: FastifyRequest) =>
    rowReadWithSession<{ cards_stamp: string; cards_now: Date }>(request);
  defineRoute(app, c.groups, {
    guard: requireSelfAndRead(db, HOME_CARDS_STAMP, () => [new Date()]),
    // Named by what the cards depend on (read with the session): kept until one of the
    // viewer's groups changes or a game in them starts.
    cache: {
      name: (request) => ({
        key: [currentUser(request).id],
        version: cardsRead(request).cards_stamp,
      }),
      readers: 'one',
    },
    handler: async (request) => listUserGroups(db, currentUser(request).id, cardsRead(request)),
  });
}
