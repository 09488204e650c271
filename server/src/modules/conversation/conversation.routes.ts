import type { FastifyInstance } from 'fastify';
import { COMMENT_PAGE_DEFAULT, conversationContract } from '@shared/contract/conversation';
import type { Db } from '../../db/client';
import { defineRoute } from '../../http/define-route';
import { currentGroup, currentUser, requireMember, requireUser } from '../../http/guards';
import {
  commentOnProp,
  conversationSummary,
  editComment,
  listPropComments,
  markRead,
  postToThread,
  removeComment,
  threadPage,
  toggleCommentReaction,
  togglePickReaction,
} from './conversation.service';

/**
 * Routes on a group in the path use the member guard; routes on a prop, a comment or a pick
 * check membership in the service, with the same 404 for another group's as for none.
 */
export async function conversationRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const member = requireMember(db);
  const c = conversationContract;
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  defineRoute(app, c.propComments, {
    guard: requireUser,
    handler: async (request) =>
      listPropComments(db, userId(request), request.params.id, {
        before: request.query.before,
        limit: request.query.limit ?? COMMENT_PAGE_DEFAULT,
      }),
  });

  defineRoute(app, c.commentOnProp, {
    guard: requireUser,
    status: 201,
    handler: async (request) =>
      commentOnProp(db, userId(request), request.params.id, request.body.body),
  });

  defineRoute(app, c.edit, {
    guard: requireUser,
    handler: async (request) =>
      editComment(db, userId(request), request.params.id, request.body.body),
  });

  defineRoute(app, c.remove, {
    guard: requireUser,
    status: 204,
    handler: async (request) => removeComment(db, userId(request), request.params.id),
  });

  for (const [contract, on] of [
    [c.reactToComment, true],
    [c.unreactToComment, false],
  ] as const) {
    defineRoute(app, contract, {
      guard: requireUser,
      status: 204,
      handler: async (request) =>
        toggleCommentReaction(db, userId(request), request.params.id, request.params.name, on),
    });
  }

  for (const [contract, on] of [
    [c.reactToPick, true],
    [c.unreactToPick, false],
  ] as const) {
    defineRoute(app, contract, {
      guard: requireUser,
      status: 204,
      handler: async (request) =>
        togglePickReaction(db, userId(request), request.params.id, request.params.name, on),
    });
  }

  defineRoute(app, c.thread, {
    guard: member,
    handler: async (request) =>
      threadPage(db, currentGroup(request).group, userId(request), {
        before: request.query.before,
        limit: request.query.limit ?? COMMENT_PAGE_DEFAULT,
      }),
  });

  defineRoute(app, c.postToThread, {
    guard: member,
    status: 201,
    handler: async (request) =>
      postToThread(db, currentGroup(request).group, userId(request), request.body.body),
  });

  defineRoute(app, c.summary, {
    guard: member,
    handler: async (request) =>
      conversationSummary(db, currentGroup(request).group, userId(request)),
  });

  defineRoute(app, c.markRead, {
    guard: member,
    status: 204,
    handler: async (request) =>
      markRead(
        db,
        currentGroup(request).group,
        userId(request),
        request.body.propId,
        request.body.upTo,
      ),
  });
}
