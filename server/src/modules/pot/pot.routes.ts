import type { FastifyInstance } from 'fastify';
import { potContract } from '@shared/contract/pot';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, requireLeader, requireMember } from '../../http/guards';
import { potOf, updatePotSettings } from './pot.service';

/** GET /api/groups/:id/pot for every member; PUT for the leader (product rules §10 'Pot'). */
export async function potRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  defineRoute(app, potContract.pot, {
    guard: requireMember(db),
    handler: async (request) => potOf(db, currentGroup(request).group),
  });

  defineRoute(app, potContract.updatePot, {
    guard: requireLeader(db),
    handler: async (request) => {
      const group = await updatePotSettings(db, currentGroup(request).group, request.body);
      return potOf(db, group);
    },
  });
}
