import type { FastifyInstance } from 'fastify';
import { tiebreakersContract as c } from '@shared/contract/tiebreakers';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, currentUser, requireLeader, requireMember } from '../../http/guards';
import {
  answerTiebreaker,
  createTiebreaker,
  setTiebreakerResult,
  tiebreakerOf,
} from './tiebreakers.service';

/** A round's tiebreaker (product rules §10 'Tiebreaker'): members read and answer it. */
export async function tiebreakersRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const member = requireMember(db);
  const leader = requireLeader(db);

  defineRoute(app, c.tiebreaker, {
    guard: member,
    handler: async (request) => ({
      tiebreaker: await tiebreakerOf(
        db,
        currentGroup(request).group.id,
        request.params.roundId,
        currentUser(request).id,
      ),
    }),
  });

  defineRoute(app, c.create, {
    guard: leader,
    status: 201,
    handler: async (request) =>
      createTiebreaker(db, {
        groupId: currentGroup(request).group.id,
        roundId: request.params.roundId,
        leaderId: currentUser(request).id,
        ...request.body,
      }),
  });

  defineRoute(app, c.setResult, {
    guard: leader,
    handler: async (request) =>
      setTiebreakerResult(db, {
        groupId: currentGroup(request).group.id,
        roundId: request.params.roundId,
        leaderId: currentUser(request).id,
        value: request.body.value,
      }),
  });

  defineRoute(app, c.answer, {
    guard: member,
    handler: async (request) => {
      const { group, isContestant } = currentGroup(request);
      return answerTiebreaker(db, {
        groupId: group.id,
        roundId: request.params.roundId,
        userId: currentUser(request).id,
        isContestant,
        value: request.body.value,
      });
    },
  });
}
