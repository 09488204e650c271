import type { FastifyInstance } from 'fastify';
import {
  buildEditPropBodySchema,
  isResultUpdate,
  propsContract,
  setResultBodySchema,
} from '@shared/contract/props';
import { revealContract } from '@shared/contract/reveal';
import type { Db } from '../../db/client';
import { defineRoute } from '../../plugins/define-route';
import {
  alongRowOf,
  currentGroup,
  currentUser,
  requireLeader,
  requireMember,
  requireOwnPicks,
  requireUser,
  requireUserReading,
  serialIdParam,
} from '../../plugins/guards';
import { parseInput } from '../../plugins/parse-input';
import {
  PICK_TARGET_ALONG,
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
import { RESULT_TARGET_ALONG, resultTargetOf, setPropResult } from './results.service';
import { listPropPicks, pickersOf, unpickedMembers } from './reveal.service';
import { listProps, propsListStamp } from './props-list';
import { sendJsonText } from '../../plugins/json-text';
import {
  contractJson,
  formatOf,
  sendShared,
  sendTagged,
  sharedTag,
} from '../../plugins/shared-answer';
import { leaderboardOf, memberStatsOf } from '../standings/standings.service';

/**
 * Props, picks, results and leaderboard. Routes on a group in
 * the path use the member / leader guards; routes on a prop or a pick check membership
 * inside their transaction, where the prop and its group are locked for the decision.
 */
export async function propsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const member = requireMember(db);
  const leader = requireLeader(db);
  const c = propsContract;
  const editBodySchema = buildEditPropBodySchema(() => new Date());

  defineRoute(app, c.list, {
    guard: member,
    // Decision 0024: the tag before the body, a 304 without building it, and the body sent
    // as the JSON text of toPropView's typed views (not encoded a second time by zod).
    handler: async (request, reply) => {
      const now = new Date();
      const viewer = { userId: currentUser(request).id };
      const { sport } = request.query;
      const stamp = await propsListStamp(db, currentGroup(request), viewer, sport, now);
      // Built for one viewer: brotli's quality 2 (decision 0027).
      return sendTagged(db, request, reply, stamp.tag, 2, async () => {
        const { json } = await listProps(db, stamp, viewer, sport, now);
        return json;
      });
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
    // A result is decided on what the session's own statement read with it (decision 0035).
    guard: requireUserReading(db, RESULT_TARGET_ALONG, (request) => [serialIdParam(request)]),
    handler: async (request) => {
      const user = currentUser(request);
      if (isResultUpdate(request.body)) {
        const { result } = parseInput(setResultBodySchema, request.body);
        const target = resultTargetOf(alongRowOf(request));
        return setPropResult(db, user, request.params.id, result, target);
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

  defineRoute(app, c.remove, {
    guard: requireUser,
    status: 204,
    handler: async (request) => {
      await deleteProp(db, currentUser(request).id, request.params.id);
    },
  });

  const PICKS_FORMAT = formatOf(c.userPredictions.response);
  defineRoute(app, c.userPredictions, {
    guard: requireOwnPicks,
    handler: async (request, reply) => {
      const userId = currentUser(request).id;
      const { groupId } = request.query;
      if (groupId === undefined) {
        return sendJsonText(reply, await listUserPredictions(db, userId, undefined));
      }
      // In one group, the answer is the same at the same group version (every pick, result
      // and reset moves it): tagged before it is built, like the props list.
      const version = await memberGroupVersion(db, groupId, userId);
      const key = `picks\n${PICKS_FORMAT}\n${groupId}\n${userId}`;
      return sendTagged(db, request, reply, sharedTag(key, version), 4, async () =>
        JSON.stringify(await listUserPredictions(db, userId, groupId)),
      );
    },
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
    // The busiest write of a big group: the pick it changes is read with the session, so
    // the change is that statement and its write (decision 0032).
    guard: requireUserReading(db, PICK_TARGET_ALONG, (request) => [serialIdParam(request)]),
    handler: async (request) =>
      changePick(
        db,
        currentUser(request).id,
        request.body.selectedOption,
        pickTargetOf(alongRowOf(request)),
      ),
  });

  defineRoute(app, c.leaderboard, {
    guard: member,
    // The same for every member: built once per group version (decision 0027). The guard
    // read the contestant count with the group and its version: a page costs one query.
    handler: async (request, reply) => {
      const { group, memberCount, version } = currentGroup(request);
      const { limit, offset } = request.query;
      const paged = limit !== undefined || offset !== undefined;
      const key = `leaderboard\n${formatOf(c.leaderboard.response)}\n${group.id}\n${limit}\n${offset}`;
      return sendShared(db, request, reply, key, version, async () => {
        const entries = await leaderboardOf(db, group.id, request.query);
        const total = paged ? memberCount : entries.length;
        return { json: JSON.stringify(entries), headers: { 'x-total-count': String(total) } };
      });
    },
  });

  // The viewer's card changes only with the group's standings and tallies, which move its
  // version: tagged by the version the guard read, so a repeat costs no statement of its own.
  const STATS_FORMAT = formatOf(c.memberStats.response);
  defineRoute(app, c.memberStats, {
    guard: member,
    handler: async (request, reply) => {
      const { group, version } = currentGroup(request);
      const userId = currentUser(request).id;
      const key = `stats\n${STATS_FORMAT}\n${group.id}\n${userId}`;
      return sendTagged(db, request, reply, sharedTag(key, version), 4, async () =>
        contractJson(c.memberStats.response, await memberStatsOf(db, group.id, userId)),
      );
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
    handler: async (request) => samplePropsPreview(db, currentGroup(request).group),
  });

  defineRoute(app, c.generateProps, {
    guard: leader,
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
