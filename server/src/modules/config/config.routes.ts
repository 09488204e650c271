import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configContract } from '@shared/contract/config';

export interface ConfigRoutesOptions {
  /** DONATE_URL; undefined when the operator has not set one. */
  donateUrl: string | undefined;
}

/**
 * Server settings the client needs before anyone signs in (the header's Donate button
 * shows for visitors too), hence public. Only values meant for every visitor go here.
 */
export async function configRoutes(fastify: FastifyInstance, options: ConfigRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { publicConfig } = configContract;
  app.route({
    method: publicConfig.method,
    url: publicConfig.path,
    schema: { response: { 200: publicConfig.response } },
    config: { public: true },
    handler: async () => ({ donateUrl: options.donateUrl ?? null }),
  });
}
