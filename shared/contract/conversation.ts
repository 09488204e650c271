import { z } from 'zod';
import { COMMENT_EMPTY, REACTIONS, commentTextProblem } from '../domain/conversation';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';
import { PICK_NOT_FOUND, PROP_NOT_FOUND, propIdParamsSchema } from './props';

/** Product rules §4 'Comments': a prop's comments are sealed until it locks. */

export const COMMENT_NOT_FOUND = 'Comment not found';
export const COMMENT_REMOVED = 'This comment was removed';
export const COMMENT_EDIT_CLOSED = 'A comment can be edited only in the five minutes after posting';
export const COMMENT_NOT_YOURS = 'You can only edit your own comments';
export const COMMENT_DELETE_REFUSED = 'Only the author or the group leader can delete a comment';
export const REACTIONS_SEALED = 'Reactions open when the prop locks';
export const UNKNOWN_REACTION = `A reaction is one of ${REACTIONS.join(', ')}`;

/** No control characters but line breaks. */
export const commentBodySchema = z.object({
  body: z
    .string({ error: COMMENT_EMPTY })
    .trim()
    .superRefine((text, context) => {
      const problem = commentTextProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentIdParamsSchema = z.object({ id: idSchema(COMMENT_NOT_FOUND) });
const reactionName = z.enum(REACTIONS, { error: UNKNOWN_REACTION });
export const commentReactionParamsSchema = commentIdParamsSchema.extend({ name: reactionName });
export const pickReactionParamsSchema = z.object({
  id: idSchema(PICK_NOT_FOUND),
  name: reactionName,
});

export const reactionCountSchema = z.object({
  name: reactionName,
  count: z.number().int(),
  mine: z.boolean(),
});
export type ReactionCount = z.infer<typeof reactionCountSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  propId: z.number().int().nullable(),
  /** `userId` null and 'deleted member' once the account is gone. */
  author: z.object({ userId: z.number().int().nullable(), displayName: z.string() }),
  /** null once removed. */
  body: z.string().nullable(),
  removed: z.boolean(),
  /** The viewer's own comment on a prop still open: nobody else can read it yet. */
  sealed: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Once the prop locked. */
  pick: z.string().nullable(),
  reactions: z.array(reactionCountSchema),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const revealedPickSchema = z.object({
  pickId: z.number().int(),
  userId: z.number().int(),
  displayName: z.string(),
  selectedOption: z.string(),
  reactions: z.array(reactionCountSchema),
});
export type RevealedPick = z.infer<typeof revealedPickSchema>;

/** Oldest first (newest at the bottom). */
export const propCommentsSchema = z.object({
  locked: z.boolean(),
  comments: z.array(commentSchema),
  hasMore: z.boolean(),
  /** Others' comments the viewer cannot read before the lock. */
  sealedCount: z.number().int(),
  picks: z.array(revealedPickSchema).nullable(),
});
export type PropComments = z.infer<typeof propCommentsSchema>;

export const COMMENT_PAGE_DEFAULT = 30;
export const COMMENT_PAGE_MAX = 100;
const limitMessage = `limit must be a whole number from 1 to ${COMMENT_PAGE_MAX}`;

/** Newest page first; `before` (the oldest id shown) for the one before it. */
export const commentPageQuerySchema = z.object({
  before: idSchema('before must be the id of a comment').optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(COMMENT_PAGE_MAX, { error: limitMessage })
    .optional(),
});

export const threadPageSchema = z.object({
  comments: z.array(commentSchema),
  hasMore: z.boolean(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

export const conversationSummarySchema = z.object({
  thread: z.object({ count: z.number().int(), unread: z.number().int() }),
  props: z.array(
    z.object({
      propId: z.number().int(),
      /** Their own before the lock; all after. */
      count: z.number().int(),
      sealed: z.number().int(),
      unread: z.number().int(),
    }),
  ),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** propId null: the thread. */
export const markReadBodySchema = z.object({
  propId: idSchema(PROP_NOT_FOUND).nullable(),
  upTo: idSchema(COMMENT_NOT_FOUND),
});

export const conversationContract = {
  propComments: {
    method: 'GET',
    path: '/api/predictions/:id/comments',
    params: propIdParamsSchema,
    querystring: commentPageQuerySchema,
    response: propCommentsSchema,
  },
  commentOnProp: {
    method: 'POST',
    path: '/api/predictions/:id/comments',
    params: propIdParamsSchema,
    body: commentBodySchema,
    response: commentSchema,
  },
  edit: {
    method: 'PATCH',
    path: '/api/comments/:id',
    params: commentIdParamsSchema,
    body: commentBodySchema,
    response: commentSchema,
  },
  remove: { method: 'DELETE', path: '/api/comments/:id', params: commentIdParamsSchema },
  reactToComment: {
    method: 'PUT',
    path: '/api/comments/:id/reactions/:name',
    params: commentReactionParamsSchema,
  },
  unreactToComment: {
    method: 'DELETE',
    path: '/api/comments/:id/reactions/:name',
    params: commentReactionParamsSchema,
  },
  reactToPick: {
    method: 'PUT',
    path: '/api/user-predictions/:id/reactions/:name',
    params: pickReactionParamsSchema,
  },
  unreactToPick: {
    method: 'DELETE',
    path: '/api/user-predictions/:id/reactions/:name',
    params: pickReactionParamsSchema,
  },
  thread: {
    method: 'GET',
    path: '/api/groups/:id/thread',
    params: groupIdParamsSchema,
    querystring: commentPageQuerySchema,
    response: threadPageSchema,
  },
  postToThread: {
    method: 'POST',
    path: '/api/groups/:id/thread',
    params: groupIdParamsSchema,
    body: commentBodySchema,
    response: commentSchema,
  },
  summary: {
    method: 'GET',
    path: '/api/groups/:id/conversation',
    params: groupIdParamsSchema,
    response: conversationSummarySchema,
  },
  markRead: {
    method: 'PUT',
    path: '/api/groups/:id/conversation/read',
    params: groupIdParamsSchema,
    body: markReadBodySchema,
  },
} as const;
