import type { FastifyInstance } from 'fastify';
import { usersContract } from '@shared/contract/users';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import { alongRowOf, currentUser, requireSelf, requireSelfReading } from '../../plugins/guards';
import { clearSessionCookie } from '../../plugins/session';
import { contractJson, formatOf, sendTagged, sharedTag } from '../../plugins/shared-answer';
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

  // Tagged before it is built, from what the cards depend on (HOME_CARDS_STAMP, read with
  // the session): a 304 or the kept answer until one of the viewer's groups changes or a
  // game in them starts.
  const CARDS_FORMAT = formatOf(c.groups.response);
  defineRoute(app, c.groups, {
    guard: requireSelfReading(db, HOME_CARDS_STAMP, () => [new Date()]),
    handler: async (request, reply) => {
      const userId = currentUser(request).id;
      const { cards_stamp: stamp, cards_now: now } = alongRowOf<{
        cards_stamp: string;
        cards_now: Date;
      }>(request);
      const tag = sharedTag(`cards\n${CARDS_FORMAT}\n${userId}`, stamp);
      return sendTagged(db, request, reply, tag, 4, async () =>
        contractJson(c.groups.response, await listUserGroups(db, userId, now)),
      );
    },
  });
}
