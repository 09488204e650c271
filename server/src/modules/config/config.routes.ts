import type { FastifyInstance } from 'fastify';
import { configContract } from '@shared/contract/config';
import { defineRoute } from '../../http/define-route';

export interface ConfigRoutesOptions {
  donateUrl: string | undefined;
  email: boolean;
}

/** Public (the header's Donate shows for visitors too): only values meant for every visitor go here. */
export async function configRoutes(app: FastifyInstance, options: ConfigRoutesOptions) {
  defineRoute(app, configContract.publicConfig, {
    guard: 'public',
    handler: async () => ({ donateUrl: options.donateUrl ?? null, email: options.email }),
  });
}
