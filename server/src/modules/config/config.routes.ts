import type { FastifyInstance } from 'fastify';
import { configContract } from '@shared/contract/config';
import { defineRoute } from '../../plugins/define-route';

export interface ConfigRoutesOptions {
  /** DONATE_URL; undefined when the operator has not set one. */
  donateUrl: string | undefined;
}

/**
 * Server settings the client needs before anyone signs in (the header's Donate button
 * shows for visitors too), hence public. Only values meant for every visitor go here.
 */
export async function configRoutes(app: FastifyInstance, options: ConfigRoutesOptions) {
  defineRoute(app, configContract.publicConfig, {
    guard: 'public',
    handler: async () => ({ donateUrl: options.donateUrl ?? null }),
  });
}
