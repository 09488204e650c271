import { z } from 'zod';
import { joinGroupInputSchema } from './groups';

/** The answers a join link gives for a code that cannot be joined (also used by POST /api/groups/join). */
export const UNKNOWN_INVITE_CODE = 'No group has that code. Check the code and try again.';
export const GROUP_EXPIRED = 'This group has expired';
export const OFFICIAL_EVENT_CODE =
  'This is an official event. Join it from your home page with your Discord or Reddit username.';

/**
 * What a join link's card shows before joining: enough to recognise the group (its name,
 * its leader, how many are in it) and nothing a stranger holding the code could misuse —
 * no ids, no member names, no settings. `groupId` is given only to a signed-in member, so
 * the link can take them straight to the group.
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
