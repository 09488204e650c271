import type { FastifyInstance } from 'fastify';
import {
  type Prop,
  buildEditPropBodySchema,
  isResultUpdate,
  PICK_NOT_FOUND,
  propsContract,
  setResultBodySchema,
} from '@shared/contract/props';
import { gamePropsContract } from '@shared/contract/game-props';
import { revealContract } from '@shared/contract/reveal';
import type { Db } from '../../db/client';
import { refuseArchivedProp } from '../seasons/seasons.service';
import { defineRoute } from '../../http/define-route';
import {
  rowReadWithSession,
  currentGroup,
  currentUser,
  requireLeader,
  requireMember,
  requireOwnPicks,
  requireUser,
  requireUserAndRead,
  serialIdParam,
} from '../../http/guards';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/parse-input';
import { changePickWeight } from './pick-weights.service';
import {
  PICK_TARGET_READ,
  changePick,
  listUserPredictions,
  memberGroupVersion,
  pickTargetOf,
  savePick,
} from './picks.service';
import {
  createProp,
  deleteProp,
  editProp,
  generateSampleProps,
  samplePropsPreview,
} from './props.service';
import {
  RESULT_TARGET_READ,
  resultTargetOf,
  returnPropToAutomatic,
  setPropResult,
} from './results.service';
import { listPropPicks, pickersOf, unpickedMembers } from './reveal.service';
import { listProps, propsListName } from './props-list';
import { createGameProps } from './game-props.service';
import { JsonText } from '../../http/answer';
import { memberStatsOf } from '../standings/standings.service';
import { boardOf } from '../standings/boards.service';

/**
 * Routes on a group in the path use the member / leader guards; routes on a prop or a pick
 * check membership inside their transaction, where the prop and its group are locked.
 */
export async function propsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const member = requireMember(db);
  const leader = requireLeader(db);
  const c = propsContract;
  const editBodySchema = buildEditPropBodySchema(() => new Date());

  defineRoute(app, c.list, {
    guard: member,
    cache: {
      name: async (request) =>
        propsListName(db, currentGroup(request), currentUser(request).id, request.query.sport),
      readers: 'one',
      brotliQuality: 2,
    },
    handler: async (request) => {
      const { group, eventCount } = currentGroup(request);
      const viewer = { userId: currentUser(request).id };
      const stamp = { group, version: eventCount };
      const { json } = await listProps(db, stamp, viewer, request.query.sport, new Date());
      return new JsonText<Prop[]>(json);
    },
  });

  defineRoute(app, c.create, {
    guard: requireUser,
    status: 201,
    handler: async (request) => {
      const { groupId, sport, title, description, options: propOptions, gameDate } = request.body;
      return createProp(db, currentUser(request), groupId, {
        sport,
        title,
        description,
        options: propOptions,
        gameDate,
      });
    },
  });

  defineRoute(app, c.update, {
    // A result is decided on what the session's own statement read with it.
    guard: requireUserAndRead(db, RESULT_TARGET_READ, (request) => [serialIdParam(request)]),
    handler: async (request) => {
      const user = currentUser(request);
      if (isResultUpdate(request.body)) {
        const input = parseInput(setResultBodySchema, request.body);
        const target = resultTargetOf(rowReadWithSession(request));
        // Only a decided prop can be archived: a first result skips the look.
        if (target?.prop.result !== null) {
          await refuseArchivedProp(db, request.params.id, user.id);
        }
        return setPropResult(db, user, request.params.id, input, target);
      }
      await refuseArchivedProp(db, request.params.id, user.id);
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

  defineRoute(app, gamePropsContract.create, {
    guard: requireUser,
    status: 201,
    handler: async (request) =>
      createGameProps(db, currentUser(request), request.params.id, request.body.props),
  });

  defineRoute(app, c.automatic, {
    guard: requireUser,
    handler: async (request) => {
      await refuseArchivedProp(db, request.params.id, currentUser(request).id);
      return returnPropToAutomatic(db, currentUser(request), request.params.id);
    },
  });

  defineRoute(app, c.remove, {
    guard: requireUser,
    status: 204,
    handler: async (request) => {
      await refuseArchivedProp(db, request.params.id, currentUser(request).id);
      await deleteProp(db, currentUser(request).id, request.params.id);
    },
  });

  defineRoute(app, c.userPredictions, {
    guard: requireOwnPicks,
    encode: 'typed',
    cache: {
      // In one group, the same at the same group version (every pick, result and reset moves it).
      name: async (request) => {
        const userId = currentUser(request).id;
        const { groupId } = request.query;
        if (groupId === undefined) return undefined;
        return { key: [groupId, userId], version: await memberGroupVersion(db, groupId, userId) };
      },
      readers: 'one',
    },
    handler: async (request) =>
      listUserPredictions(db, currentUser(request).id, request.query.groupId),
  });

  defineRoute(app, c.createPick, {
    guard: requireUser,
    // 201 when the pick is new, 200 when it replaced the member's earlier one.
    status: [200, 201],
    handler: async (request, reply) => {
      const { pick, created } = await savePick(
        db,
        currentUser(request).id,
        request.body.predictionId,
        request.body.selectedOption,
      );
      if (created) void reply.status(201);
      return pick;
    },
  });

  defineRoute(app, c.updatePick, {
    // The busiest write of a big group: the pick is read with the session, so the change
    // is that statement and its write.
    guard: requireUserAndRead(db, PICK_TARGET_READ, (request) => [serialIdParam(request)]),
    handler: async (request) => {
      const userId = currentUser(request).id;
      const { selectedOption, confidence, isLock } = request.body;
      const target = pickTargetOf(rowReadWithSession(request));
      const picked =
        selectedOption === undefined
          ? undefined
          : await changePick(db, userId, selectedOption, target);
      if (confidence === undefined && isLock === undefined && picked) return picked;
      if (!target) throw notFound(PICK_NOT_FOUND);
      return changePickWeight(db, userId, target.prop_id, { confidence, isLock });
    },
  });

  defineRoute(app, c.leaderboard, {
    guard: member,
    encode: 'typed',
    // The same for every member at a group version.
    cache: {
      name: (request) => {
        const { group, version } = currentGroup(request);
        const { limit, offset, round, season } = request.query;
        return { key: [group.id, limit, offset, round, season], version };
      },
      readers: 'many',
    },
    handler: async (request, reply) => {
      const { limit, offset = 0, round, season } = request.query;
      // Positions are the whole board's, so a page is cut from it.
      const board = await boardOf(db, currentGroup(request).group.id, { round, season });
      void reply.header('x-total-count', String(board.length));
      return board.slice(offset, limit === undefined ? undefined : offset + limit);
    },
  });

  // Named by the version the guard read, so a repeat costs no statement of its own.
  defineRoute(app, c.memberStats, {
    guard: member,
    cache: {
      name: (request) => {
        const { group, version } = currentGroup(request);
        return { key: [group.id, currentUser(request).id], version };
      },
      readers: 'one',
    },
    handler: async (request) => {
      const { group, version } = currentGroup(request);
      return memberStatsOf(db, group.id, currentUser(request).id, version);
    },
  });

  const r = revealContract;
  defineRoute(app, r.picks, {
    guard: requireUser,
    handler: async (request) => listPropPicks(db, currentUser(request).id, request.params.id),
  });

  defineRoute(app, r.pickers, {
    guard: requireUser,
    handler: async (request) => pickersOf(db, currentUser(request).id, request.params.id),
  });

  defineRoute(app, r.unpicked, {
    guard: leader,
    handler: async (request) => unpickedMembers(db, currentGroup(request).group),
  });

  defineRoute(app, c.generatePropsPreview, {
    guard: leader,
    handler: async (request) => Promise.resolve(samplePropsPreview(currentGroup(request).group)),
  });

  defineRoute(app, c.generateProps, {
    guard: leader,
    handler: async (request) => {
      const { count, game } = await generateSampleProps(
        db,
        currentGroup(request).group.id,
        currentUser(request).id,
        request.body.game,
      );
      const message =
        count === 0
          ? `${game} already has every sample prop`
          : `Added ${count} sample ${count === 1 ? 'prop' : 'props'} for ${game}`;
      return { message, count };
    },
  });
}
