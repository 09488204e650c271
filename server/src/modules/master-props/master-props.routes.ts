import type { FastifyInstance } from 'fastify';
import { masterPropsContract } from '@shared/contract/master-props';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import {
  currentGroup,
  currentUser,
  requireAdmin,
  requireLeaderOf,
  requireUser,
} from '../../plugins/guards';
import { formatOf, sendTagged, sharedTag } from '../../plugins/shared-answer';
import {
  countImportable,
  importIntoGroup,
  listMasterProps,
  listPreviewProps,
  previewStamp,
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
  app: FastifyInstance,
  options: { db: Db } & MasterPropsOptions,
) {
  const { db } = options;
  const sources = options.sources ?? {};
  const c = masterPropsContract;

  defineRoute(app, c.list, { guard: requireAdmin, handler: async () => listMasterProps(db) });

  defineRoute(app, c.count, {
    guard: requireUser,
    inputGuard: requireLeaderOf(db, (request) => request.query.groupId),
    handler: async (request) => ({ count: await countImportable(db, request.query) }),
  });

  defineRoute(app, c.setResult, {
    guard: requireAdmin,
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

  defineRoute(app, c.sync, {
    guard: requireAdmin,
    handler: async (request) =>
      syncMasterPropsFromSource(db, request.body.sport, {
        sources,
        limits: options.limits,
        actorId: currentUser(request).id,
      }),
  });

  defineRoute(app, c.importProps, {
    guard: requireUser,
    inputGuard: requireLeaderOf(db, (request) => request.body.groupId),
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

  const PREVIEW_FORMAT = formatOf(c.preview.response);
  defineRoute(app, c.preview, {
    guard: 'public',
    handler: async (request, reply) => {
      // Everyone sees the same list and the home page refetches hourly; a minute of
      // shared caching costs nothing in freshness.
      void reply.header('cache-control', 'public, max-age=60');
      // Tagged before it is built (decision 0029): the same bytes for every visitor until
      // the master list changes or its first game starts. Up to PREVIEW_LIMIT rows, typed
      // as the contract's: sent as JSON text (json-text.ts).
      const now = new Date();
      const tag = sharedTag(`preview\n${PREVIEW_FORMAT}`, await previewStamp(db, now));
      return sendTagged(db, request, reply, tag, 4, async () =>
        JSON.stringify(await listPreviewProps(db, now)),
      );
    },
  });
}
