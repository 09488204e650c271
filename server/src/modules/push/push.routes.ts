import type { FastifyInstance } from 'fastify';
import { pushContract } from '@shared/contract/push';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentUser, requireSelf, requireUser } from '../../http/guards';
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
  /** PUSH_SERVICE_HOSTS. */
  allowedHosts: readonly string[];
}

export async function pushRoutes(app: FastifyInstance, options: PushRoutesOptions) {
  const { db } = options;
  const c = pushContract;

  defineRoute(app, c.publicKey, {
    guard: requireUser,
    handler: async () => ({ publicKey: options.vapid.publicKey }),
  });

  defineRoute(app, c.subscribe, {
    guard: requireUser,
    status: 201,
    handler: async (request) =>
      saveSubscription(
        db,
        currentUser(request).id,
        request.body,
        request.headers['user-agent'],
        options.allowedHosts,
      ),
  });

  defineRoute(app, c.unsubscribe, {
    guard: requireUser,
    status: 204,
    handler: async (request) => {
      await removeSubscription(db, currentUser(request).id, { endpoint: request.body.endpoint });
    },
  });

  defineRoute(app, c.devices, {
    guard: requireUser,
    handler: async (request) => listDevices(db, currentUser(request).id),
  });

  defineRoute(app, c.removeDevice, {
    guard: requireUser,
    status: 204,
    handler: async (request) => {
      await removeSubscription(db, currentUser(request).id, { id: request.params.id });
    },
  });

  defineRoute(app, c.settings, {
    guard: requireSelf,
    handler: async (request) => readSettings(db, currentUser(request).id),
  });

  defineRoute(app, c.updateSettings, {
    guard: requireSelf,
    handler: async (request) => writeSettings(db, currentUser(request).id, request.body),
  });
}
