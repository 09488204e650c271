import type { FastifyInstance } from 'fastify';
import { usersContract } from '@shared/contract/users';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import { currentUser, requireSelf } from '../../plugins/guards';
import { clearSessionCookie } from '../../plugins/session';
import { contractJson, formatOf, sendTagged, sharedTag } from '../../plugins/shared-answer';
import { deleteAccount, homeCardsStamp, listUserGroups, updateDisplayName } from './users.service';

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

  // Tagged before it is built, from what the cards depend on (homeCardsStamp): a 304 or
  // the kept answer until one of the viewer's groups changes or a game in them starts.
  const CARDS_FORMAT = formatOf(c.groups.response);
  defineRoute(app, c.groups, {
    guard: requireSelf,
    handler: async (request, reply) => {
      const userId = currentUser(request).id;
      const now = new Date();
      const stamp = await homeCardsStamp(db, userId, now);
      const tag = sharedTag(`cards\n${CARDS_FORMAT}\n${userId}`, stamp);
      return sendTagged(db, request, reply, tag, 4, async () =>
        contractJson(c.groups.response, await listUserGroups(db, userId, now)),
      );
    },
  });
}
