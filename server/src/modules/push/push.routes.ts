import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushContract } from '@shared/contract/push';
import type { Db } from '../../db/client';
import { currentUser, requireSelf, requireUser } from '../../plugins/guards';
import {
  listDevices,
  readSettings,
  removeSubscription,
  saveSubscription,
  writeSettings,
} from './push.service';
import type { VapidKeys } from './vapid';

export interface PushRoutesOptions {
  db: Db;
  vapid: VapidKeys;
  /** Push service hosts allowed besides the browsers' own (PUSH_SERVICE_HOSTS). */
  allowedHosts: readonly string[];
}

/** Web push: this device's subscription, the member's devices and notification settings. */
export async function pushRoutes(fastify: FastifyInstance, options: PushRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const c = pushContract;

  app.route({
    method: c.publicKey.method,
    url: c.publicKey.path,
    schema: { response: { 200: c.publicKey.response } },
    onRequest: [requireUser],
    handler: async () => ({ publicKey: options.vapid.publicKey }),
  });

  app.route({
    method: c.subscribe.method,
    url: c.subscribe.path,
    schema: { body: c.subscribe.body, response: { 201: c.subscribe.response } },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      const device = await saveSubscription(
        db,
        currentUser(request).id,
        request.body,
        request.headers['user-agent'],
        options.allowedHosts,
      );
      return reply.status(201).send(device);
    },
  });

  app.route({
    method: c.unsubscribe.method,
    url: c.unsubscribe.path,
    schema: { body: c.unsubscribe.body },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      await removeSubscription(db, currentUser(request).id, { endpoint: request.body.endpoint });
      return reply.status(204).send();
    },
  });

  app.route({
    method: c.devices.method,
    url: c.devices.path,
    schema: { response: { 200: c.devices.response } },
    onRequest: [requireUser],
    handler: async (request) => listDevices(db, currentUser(request).id),
  });

  app.route({
    method: c.removeDevice.method,
    url: c.removeDevice.path,
    schema: { params: c.removeDevice.params },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      await removeSubscription(db, currentUser(request).id, { id: request.params.id });
      return reply.status(204).send();
    },
  });

  app.route({
    method: c.settings.method,
    url: c.settings.path,
    schema: { params: c.settings.params, response: { 200: c.settings.response } },
    onRequest: [requireSelf],
    handler: async (request) => readSettings(db, currentUser(request).id),
  });

  app.route({
    method: c.updateSettings.method,
    url: c.updateSettings.path,
    schema: {
      params: c.updateSettings.params,
      body: c.updateSettings.body,
      response: { 200: c.updateSettings.response },
    },
    onRequest: [requireSelf],
    handler: async (request) => writeSettings(db, currentUser(request).id, request.body),
  });
}
