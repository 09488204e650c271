import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { masterPropsContract } from '@shared/contract/master-props';
import type { Db } from '../../db/client';
import {
  currentGroup,
  currentUser,
  requireAdmin,
  requireLeaderOf,
  requireUser,
} from '../../plugins/guards';
import {
  countImportable,
  importIntoGroup,
  listMasterProps,
  listPreviewProps,
  setMasterResult,
} from './master-props.service';
import { syncMasterPropsFromSource, type MasterPropsSources } from './master-props-sync';
import type { SheetSourceLimits } from './sheet-source';

export interface MasterPropsOptions {
  /** Read at each sync, so a test may point a sport at a server it started afterwards. */
  sources?: MasterPropsSources;
  limits?: SheetSourceLimits;
}

/**
 * The operator's master props: the admin panel's list, result and sync (admin only),
 * counting and importing into a group (that group's leader only; the group is named in the
 * query or the body, so its guard runs once those are validated), and the public preview.
 */
export async function masterPropsRoutes(
  fastify: FastifyInstance,
  options: { db: Db } & MasterPropsOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const sources = options.sources ?? {};
  const c = masterPropsContract;

  app.route({
    method: c.list.method,
    url: c.list.path,
    schema: { response: { 200: c.list.response } },
    onRequest: [requireAdmin],
    handler: async () => listMasterProps(db),
  });

  app.route({
    method: c.count.method,
    url: c.count.path,
    schema: { querystring: c.count.querystring, response: { 200: c.count.response } },
    onRequest: [requireUser],
    preHandler: [requireLeaderOf(db, (request) => (request.query as { groupId: number }).groupId)],
    handler: async (request) => ({ count: await countImportable(db, request.query) }),
  });

  app.route({
    method: c.setResult.method,
    url: c.setResult.path,
    schema: {
      params: c.setResult.params,
      body: c.setResult.body,
      response: { 200: c.setResult.response },
    },
    onRequest: [requireAdmin],
    handler: async (request) => {
      const outcome = await setMasterResult(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.result,
      );
      return { message: 'Master prop result updated!', ...outcome };
    },
  });

  app.route({
    method: c.sync.method,
    url: c.sync.path,
    schema: { body: c.sync.body, response: { 200: c.sync.response } },
    onRequest: [requireAdmin],
    handler: async (request) =>
      syncMasterPropsFromSource(db, request.body.sport, {
        sources,
        limits: options.limits,
        actorId: currentUser(request).id,
      }),
  });

  app.route({
    method: c.importProps.method,
    url: c.importProps.path,
    schema: { body: c.importProps.body, response: { 200: c.importProps.response } },
    onRequest: [requireUser],
    preHandler: [requireLeaderOf(db, (request) => (request.body as { groupId: number }).groupId)],
    handler: async (request) => {
      const { group } = currentGroup(request);
      const count = await importIntoGroup(db, currentUser(request).id, {
        ...request.body,
        groupId: group.id,
      });
      const sport = request.body.sport;
      const message =
        count === 0
          ? `No new ${sport} props to import in that date range`
          : `Imported ${count} ${sport} ${count === 1 ? 'prop' : 'props'}`;
      return { message, count };
    },
  });

  app.route({
    method: c.preview.method,
    url: c.preview.path,
    schema: { response: { 200: c.preview.response } },
    config: { public: true },
    handler: async (_request, reply) => {
      // Everyone sees the same list and the home page refetches hourly; a minute of
      // shared caching costs nothing in freshness.
      void reply.header('cache-control', 'public, max-age=60');
      return listPreviewProps(db);
    },
  });
}
