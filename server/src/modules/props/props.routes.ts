import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  buildEditPropBodySchema,
  isResultUpdate,
  propsContract,
  setResultBodySchema,
} from '@shared/contract/props';
import { revealContract } from '@shared/contract/reveal';
import type { Db } from '../../db/client';
import {
  currentGroup,
  currentUser,
  requireLeader,
  requireMember,
  requireOwnPicks,
  requireUser,
} from '../../plugins/guards';
import { parseInput } from '../../plugins/parse-input';
import { changePick, listUserPredictions, savePick } from './picks.service';
import {
  createProp,
  deleteProp,
  editProp,
  generateSampleProps,
  listProps,
  samplePropsPreview,
  setPropResult,
} from './props.service';
import { listPropPicks, pickersOf, unpickedMembers } from './reveal.service';
import { leaderboardOf, memberStatsOf } from '../standings/standings.service';

/**
 * Props, picks, results and leaderboard (spec §7 paths). Routes on a group in
 * the path use the member / leader guards; routes on a prop or a pick check membership
 * inside their transaction, where the prop and its group are locked for the decision.
 */
export async function propsRoutes(fastify: FastifyInstance, options: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const member = requireMember(db);
  const leader = requireLeader(db);
  const c = propsContract;
  const editBodySchema = buildEditPropBodySchema(() => new Date());

  app.route({
    method: c.list.method,
    url: c.list.path,
    schema: {
      params: c.list.params,
      querystring: c.list.querystring,
      response: { 200: c.list.response },
    },
    onRequest: [member],
    handler: async (request) => {
      const { group, isLeader } = currentGroup(request);
      return listProps(
        db,
        group,
        { userId: currentUser(request).id, isLeader },
        request.query.sport,
      );
    },
  });

  app.route({
    method: c.create.method,
    url: c.create.path,
    schema: { body: c.create.body, response: { 201: c.create.response } },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      const { groupId, sport, title, description, options: propOptions, gameDate } = request.body;
      const prop = await createProp(db, currentUser(request), groupId, {
        sport,
        title,
        description,
        options: propOptions,
        gameDate,
      });
      return reply.status(201).send(prop);
    },
  });

  app.route({
    method: c.update.method,
    url: c.update.path,
    schema: { params: c.update.params, body: c.update.body, response: { 200: c.update.response } },
    onRequest: [requireUser],
    handler: async (request) => {
      const user = currentUser(request);
      if (isResultUpdate(request.body)) {
        const { result } = parseInput(setResultBodySchema, request.body);
        return setPropResult(db, user, request.params.id, result);
      }
      const fields = parseInput(editBodySchema, request.body);
      return editProp(db, user.id, request.params.id, {
        sport: fields.sport,
        title: fields.title,
        description: fields.description,
        options: fields.options,
        gameDate: fields.gameDate,
      });
    },
  });

  app.route({
    method: c.remove.method,
    url: c.remove.path,
    schema: { params: c.remove.params },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      await deleteProp(db, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    method: c.userPredictions.method,
    url: c.userPredictions.path,
    schema: {
      params: c.userPredictions.params,
      querystring: c.userPredictions.querystring,
      response: { 200: c.userPredictions.response },
    },
    onRequest: [requireOwnPicks],
    handler: async (request) =>
      listUserPredictions(db, currentUser(request).id, request.query.groupId),
  });

  app.route({
    method: c.createPick.method,
    url: c.createPick.path,
    schema: {
      body: c.createPick.body,
      response: { 200: c.createPick.response, 201: c.createPick.response },
    },
    onRequest: [requireUser],
    handler: async (request, reply) => {
      const { pick, created } = await savePick(
        db,
        currentUser(request).id,
        request.body.predictionId,
        request.body.selectedOption,
      );
      return reply.status(created ? 201 : 200).send(pick);
    },
  });

  app.route({
    method: c.updatePick.method,
    url: c.updatePick.path,
    schema: {
      params: c.updatePick.params,
      body: c.updatePick.body,
      response: { 200: c.updatePick.response },
    },
    onRequest: [requireUser],
    handler: async (request) =>
      changePick(db, currentUser(request).id, request.params.id, request.body.selectedOption),
  });

  app.route({
    method: c.leaderboard.method,
    url: c.leaderboard.path,
    schema: {
      params: c.leaderboard.params,
      querystring: c.leaderboard.querystring,
      response: { 200: c.leaderboard.response },
    },
    onRequest: [member],
    handler: async (request, reply) => {
      // The guard read the contestant count with the group: a page costs one query.
      const { group, memberCount } = currentGroup(request);
      const paged = request.query.limit !== undefined || request.query.offset !== undefined;
      const entries = await leaderboardOf(db, group.id, request.query);
      const total = paged ? memberCount : entries.length;
      return reply.header('x-total-count', String(total)).send(entries);
    },
  });

  app.route({
    method: c.memberStats.method,
    url: c.memberStats.path,
    schema: { params: c.memberStats.params, response: { 200: c.memberStats.response } },
    onRequest: [member],
    handler: async (request) =>
      memberStatsOf(db, currentGroup(request).group.id, currentUser(request).id),
  });

  const r = revealContract;
  app.route({
    method: r.picks.method,
    url: r.picks.path,
    schema: { params: r.picks.params, response: { 200: r.picks.response } },
    onRequest: [requireUser],
    handler: async (request) => listPropPicks(db, currentUser(request).id, request.params.id),
  });

  app.route({
    method: r.pickers.method,
    url: r.pickers.path,
    schema: { params: r.pickers.params, response: { 200: r.pickers.response } },
    onRequest: [requireUser],
    handler: async (request) => pickersOf(db, currentUser(request).id, request.params.id),
  });

  app.route({
    method: r.unpicked.method,
    url: r.unpicked.path,
    schema: { params: r.unpicked.params, response: { 200: r.unpicked.response } },
    onRequest: [leader],
    handler: async (request) => unpickedMembers(db, currentGroup(request).group),
  });

  app.route({
    method: c.generatePropsPreview.method,
    url: c.generatePropsPreview.path,
    schema: {
      params: c.generatePropsPreview.params,
      response: { 200: c.generatePropsPreview.response },
    },
    onRequest: [leader],
    handler: async (request) => samplePropsPreview(db, currentGroup(request).group),
  });

  app.route({
    method: c.generateProps.method,
    url: c.generateProps.path,
    schema: {
      params: c.generateProps.params,
      body: c.generateProps.body,
      response: { 200: c.generateProps.response },
    },
    onRequest: [leader],
    handler: async (request) => {
      const count = await generateSampleProps(
        db,
        currentGroup(request).group.id,
        currentUser(request).id,
        request.body?.sports,
      );
      const message =
        count === 0
          ? 'This group already has every sample prop for its sports'
          : `Added ${count} sample ${count === 1 ? 'prop' : 'props'}`;
      return { message, count };
    },
  });
}
