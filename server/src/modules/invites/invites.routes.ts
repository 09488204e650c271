import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invitesContract } from '@shared/contract/invites';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { previewInvite } from './invites.service';

/**
 * Public, so per IP (or per account once signed in): a script trying codes gets 30 guesses
 * in ten minutes out of 31^8 codes.
 */
export const INVITE_LOOKUPS = { max: 30, timeWindow: 10 * 60_000 };
export const lookupKeyOf = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

export async function invitesRoutes(app: FastifyInstance, options: { db: Db }) {
  defineRoute(app, invitesContract.preview, {
    guard: 'public',
    config: { rateLimit: { ...INVITE_LOOKUPS, keyGenerator: lookupKeyOf } },
    handler: async (request) =>
      previewInvite(options.db, request.params.code, request.user?.id ?? null),
  });
}
