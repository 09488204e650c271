import type { FastifyInstance } from 'fastify';
import { seasonsContract as c } from '@shared/contract/seasons';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, requireLeader, requireMember } from '../../http/guards';
import { seasonsOf, startNextSeason } from './seasons.service';

/** Product rules §10 'Seasons': every member reads them; the leader starts the next. */
export async function seasonsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  defineRoute(app, c.list, {
    guard: requireMember(db),
    handler: async (request) => seasonsOf(db, currentGroup(request).group.id),
  });

  defineRoute(app, c.create, {
    guard: requireLeader(db),
    status: 201,
    handler: async (request) =>
      startNextSeason(db, currentGroup(request).group.id, request.body.name),
  });
}
