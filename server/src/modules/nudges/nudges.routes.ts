import type { FastifyInstance } from 'fastify';
import { nudgesContract } from '@shared/contract/nudges';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, currentUser, requireMember } from '../../http/guards';
import type { EnqueueDelivery, Reach } from '../push/push-planner';
import { sendNudge } from './nudges.service';

export interface NudgesRoutesOptions {
  db: Db;
  reach: Reach;
  /** undefined where the app runs without a job queue (most tests). */
  enqueue: EnqueueDelivery | undefined;
}

export async function nudgesRoutes(app: FastifyInstance, options: NudgesRoutesOptions) {
  defineRoute(app, nudgesContract.send, {
    guard: requireMember(options.db),
    status: 202,
    handler: async (request) => {
      const user = currentUser(request);
      const message = await sendNudge(options.db, {
        group: currentGroup(request).group,
        sender: user,
        targetId: request.body.userId,
        reach: options.reach,
        enqueue: options.enqueue,
      });
      return { message };
    },
  });
}
