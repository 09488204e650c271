import { z } from 'zod';
import { updateDisplayNameInputSchema } from '../domain/account-rules';
import { userSchema } from './auth';

export const userIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'User not found' }).int().positive(),
});

/**
 * A group as listed on the signed-in home. Issue 2 ships the list itself (empty until
 * groups exist); the groups issue fills in the stats.
 */
export const userGroupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  isOfficial: z.boolean(),
  isJoined: z.boolean(),
  isLeader: z.boolean(),
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
