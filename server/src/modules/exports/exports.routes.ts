import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportsContract } from '@shared/contract/exports';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, requireLeader } from '../../http/guards';
import { picksCsv, standingsCsv, type CsvFile } from './exports.service';

/**
 * A download: text/csv, named for the browser to save. The byte-order mark makes Excel
 * read the file as UTF-8, so accented names arrive intact.
 */
function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(`\uFEFF${file.text}`);
}

/** The leader's exports (product rules §10 'CSV'); other members get 403. */
export async function exportsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const leader = requireLeader(db);

  defineRoute(app, exportsContract.standings, {
    guard: leader,
    handler: async (request, reply) =>
      sendCsv(reply, await standingsCsv(db, currentGroup(request).group, request.query.round)),
  });

  defineRoute(app, exportsContract.picks, {
    guard: leader,
    handler: async (request, reply) =>
      sendCsv(reply, await picksCsv(db, currentGroup(request).group)),
  });
}
