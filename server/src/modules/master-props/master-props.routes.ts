import type { FastifyInstance } from 'fastify';
import { masterPropsContract } from '@shared/contract/master-props';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import {
  currentGroup,
  currentUser,
  requireAdmin,
  requireLeaderOf,
  requireUser,
} from '../../http/guards';
import {
  countImportable,
  importIntoGroup,
  listMasterProps,
  listPreviewProps,
  previewStamp,
  createMasterPropsFromGames,
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
 * Import and count are for the group's leader; the group is named in the query or the body,
 * so its guard runs once those are validated.
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
      const { result, reason } = request.body;
      const outcome = await setMasterResult(db, currentUser(request).id, request.params.id, {
        result,
        reason,
      });
      return { message: 'Master prop result updated!', ...outcome };
    },
  });

  defineRoute(app, c.fromGames, {
    guard: requireAdmin,
    status: 201,
    handler: async (request) => createMasterPropsFromGames(db, request.body.props),
  });

  defineRoute(app, c.automatic, {
    guard: requireAdmin,
    handler: async (request) => {
      const outcome = await setMasterResult(db, currentUser(request).id, request.params.id, {
        automatic: true,
      });
      return { message: 'Master prop returned to automatic', ...outcome };
    },
  });

  defineRoute(app, c.syncSources, {
    guard: requireAdmin,
    handler: async () => ({ NFL: Boolean(sources.NFL), NCAAF: Boolean(sources.NCAAF) }),
  });

  defineRoute(app, c.sync, {
    guard: requireAdmin,
    handler: async (request) =>
      syncMasterPropsFromSource(db, request.body.sport, {
        sources,
        limits: options.limits,
        actorId: currentUser(request).id,
        removeMissing: request.body.removeMissing ?? false,
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

  defineRoute(app, c.preview, {
    guard: 'public',
    // Everyone sees the same list and the home page refetches hourly.
    cacheControl: 'public, max-age=60',
    // The same bytes for every visitor until the master list changes or its first game starts.
    encode: 'typed',
    cache: {
      name: async () => ({ key: [], version: await previewStamp(db, new Date()) }),
      readers: 'many',
    },
    handler: async () => listPreviewProps(db, new Date()),
  });
}
