import { z } from 'zod';
import { joinGroupInputSchema } from './groups';

export const UNKNOWN_INVITE_CODE = 'No group has that code. Check the code and try again.';
export const GROUP_EXPIRED = 'This group has expired';
export const OFFICIAL_EVENT_CODE =
  'This is an official event. Join it from your home page with your Discord or Reddit username.';

/**
 * Enough to recognise the group and nothing a stranger holding the code could misuse.
 * `groupId` only for a signed-in member, so the link takes them straight there.
 */
export const invitePreviewSchema = z.object({
  name: z.string(),
  leaderName: z.string(),
  memberCount: z.number().int(),
  isMember: z.boolean(),
  groupId: z.number().int().nullable(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const inviteCodeParamsSchema = z.object({ code: joinGroupInputSchema.shape.code });

export const invitesContract = {
  preview: {
    method: 'GET',
    path: '/api/invites/:code',
    params: inviteCodeParamsSchema,
    response: invitePreviewSchema,
  },
} as const;
