import { z } from 'zod';
import { updateDisplayNameInputSchema } from '../domain/account-rules';
import { LOCK_TYPES } from '../domain/lock-state';
import { userSchema } from './auth';

export const userIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'User not found' }).int().positive(),
});

/**
 * A group the viewer is in, with product rules §3 stats from their point of view, or an
 * official event they have not joined (isJoined false, stats zero). See groupCardDisplayOf.
 */
export const userGroupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  isOfficial: z.boolean(),
  isJoined: z.boolean(),
  isLeader: z.boolean(),
  isPaid: z.boolean(),
  trackPaymentStatus: z.boolean(),
  /** At the server's clock. */
  isLocked: z.boolean(),
  lockType: z.enum(LOCK_TYPES),
  /** With lockType, lets the client re-judge the lock as time passes. */
  lockValue: z.string().nullable(),
  memberCount: z.number().int(),
  totalMembers: z.number().int(),
  leaderboardPosition: z.number().int().nullable(),
  totalPicks: z.number().int(),
  completedPicks: z.number().int(),
  remainingPicks: z.number().int(),
  correctPicks: z.number().int(),
  incorrectPicks: z.number().int(),
  undecidedPicks: z.number().int(),
  percentage: z.number(),
  propsWithResults: z.number().int(),
  totalValidProps: z.number().int(),
});
export type UserGroupSummary = z.infer<typeof userGroupSummarySchema>;

export const usersContract = {
  update: {
    method: 'PUT',
    path: '/api/users/:id',
    params: userIdParamsSchema,
    body: updateDisplayNameInputSchema,
    response: userSchema,
  },
  remove: { method: 'DELETE', path: '/api/users/:id', params: userIdParamsSchema },
  groups: {
    method: 'GET',
    path: '/api/users/:id/groups',
    params: userIdParamsSchema,
    response: z.array(userGroupSummarySchema),
  },
} as const;
