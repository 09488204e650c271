import { z } from 'zod';
import { idSchema } from './ids';
import { INVITE_CODE_MAX_INPUT_LENGTH, normalizeInviteCode } from '../domain/invite-code';
import { LOCK_TYPES } from '../domain/lock-state';
import { GROUP_SPORTS, OFFICIAL_EVENT_SPORTS } from '../sports';
import { userSchema } from './auth';

export const INVITE_PERMISSIONS = ['leader', 'all'] as const;
export type InvitePermission = (typeof INVITE_PERMISSIONS)[number];
export const LIST_TYPES = ['prebuilt', 'private'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const GROUP_NAME_MAX_LENGTH = 60;
export const SOCIAL_USERNAME_MAX_LENGTH = 64;

/** The single answer for a group that does not exist or that the caller is not in. */
export const GROUP_NOT_FOUND = 'Group not found';

/**
 * Required free text, trimmed, without control characters: PostgreSQL refuses NUL in text,
 * and a name with line breaks or escape codes only garbles the screens that show it.
 */
const requiredText = (message: string, maxLength: number, tooLong: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\p{Cc}/gu, ''))
    .pipe(
      z.string().trim().min(1, { error: message, abort: true }).max(maxLength, { error: tooLong }),
    );

/**
 * The spec's payloads carry the acting user's id (userId, leaderId). They are accepted so
 * those payloads still validate, and never read: who acts comes from the session.
 */
const ignoredIdentity = z
  .unknown()
  .optional()
  .describe('Ignored: the acting user always comes from the session');

export const groupIdParamsSchema = z.object({
  id: z.coerce.number({ error: GROUP_NOT_FOUND }).int().positive(),
});

export const groupNameSchema = requiredText(
  'Group name is required',
  GROUP_NAME_MAX_LENGTH,
  `Group name must be at most ${GROUP_NAME_MAX_LENGTH} characters`,
);

const lockTypeSchema = z.enum(LOCK_TYPES, {
  error: "Lock type must be 'game', 'time' or 'leader'",
});
const invitePermissionSchema = z.enum(INVITE_PERMISSIONS, {
  error: "Invite permission must be 'leader' or 'all'",
});

const EARLIEST_LOCK_TIME = Date.UTC(1970, 0, 1);

/**
 * An ISO date-time with its offset (what Date.toISOString() sends). Years before 1970 are
 * refused: nobody means them, and PostgreSQL has no year 0 to store.
 */
export const lockValueSchema = z.iso
  .datetime({ offset: true, error: 'Lock time must be a date and time' })
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() >= EARLIEST_LOCK_TIME, {
    error: 'Lock time must be a date and time',
  });

export const TIME_LOCK_NEEDS_VALUE = 'Choose the lock time for a time-locked group';

const dedupe = <T>(values: T[]) => [...new Set(values)];

/** Product rules §5 'Create group': defaults are all six sports, leader-only invites, game lock, no member props. */
export const createGroupInputSchema = z
  .object({
    name: groupNameSchema,
    activeSports: z
      .array(z.enum(GROUP_SPORTS, { error: `Sports must be among ${GROUP_SPORTS.join(', ')}` }), {
        error: 'At least one sport must be selected',
      })
      .min(1, { error: 'At least one sport must be selected' })
      .default([...GROUP_SPORTS])
      .transform(dedupe),
    invitePermission: invitePermissionSchema.default('leader'),
    listType: z
      .enum(LIST_TYPES, { error: "List type must be 'prebuilt' or 'private'" })
      .default('prebuilt'),
    lockType: lockTypeSchema.default('game'),
    lockValue: lockValueSchema.nullish(),
    allowMemberProps: z.boolean({ error: 'allowMemberProps must be true or false' }).default(false),
    trackPaymentStatus: z
      .boolean({ error: 'trackPaymentStatus must be true or false' })
      .default(false),
    leaderId: ignoredIdentity,
    userId: ignoredIdentity,
  })
  .superRefine((input, context) => {
    if (input.lockType === 'time' && !input.lockValue) {
      context.addIssue({ code: 'custom', path: ['lockValue'], message: TIME_LOCK_NEEDS_VALUE });
    }
  });
export type CreateGroupInput = z.input<typeof createGroupInputSchema>;

export const joinGroupInputSchema = z.object({
  code: z
    .string({ error: 'Group code is required' })
    .transform(normalizeInviteCode)
    .pipe(
      z
        .string()
        .min(1, { error: 'Group code is required', abort: true })
        .max(INVITE_CODE_MAX_INPUT_LENGTH, { error: 'No group has that code', abort: true })
        .regex(/^[A-Z0-9]+$/, { error: 'Group codes contain only letters and numbers' }),
    ),
  userId: ignoredIdentity,
});
export type JoinGroupInput = z.input<typeof joinGroupInputSchema>;

const groupIdInBody = idSchema(GROUP_NOT_FOUND);

/** Product rules §5 'Official event join': a Discord or Reddit name, required and non-blank. */
export const joinOfficialInputSchema = z.object({
  groupId: groupIdInBody,
  socialUsername: requiredText(
    'Please enter your Discord or Reddit username',
    SOCIAL_USERNAME_MAX_LENGTH,
    `Username must be at most ${SOCIAL_USERNAME_MAX_LENGTH} characters`,
  ),
  userId: ignoredIdentity,
});
export type JoinOfficialInput = z.input<typeof joinOfficialInputSchema>;

export const leaveGroupInputSchema = z.object({ groupId: groupIdInBody, userId: ignoredIdentity });
export type LeaveGroupInput = z.input<typeof leaveGroupInputSchema>;

export const UPDATABLE_GROUP_SETTINGS = [
  'name',
  'isLocked',
  'lockType',
  'lockValue',
  'trackPaymentStatus',
  'allowMemberProps',
  'invitePermission',
] as const;

/**
 * What a leader may change, and nothing else: an unknown key (leaderId, code, isOfficial…)
 * is refused rather than silently dropped, so nobody believes it took effect.
 */
export const updateGroupInputSchema = z.strictObject(
  {
    name: groupNameSchema.optional(),
    isLocked: z.boolean({ error: 'isLocked must be true or false' }).optional(),
    lockType: lockTypeSchema.optional(),
    lockValue: lockValueSchema.nullable().optional(),
    trackPaymentStatus: z.boolean({ error: 'trackPaymentStatus must be true or false' }).optional(),
    allowMemberProps: z.boolean({ error: 'allowMemberProps must be true or false' }).optional(),
    invitePermission: invitePermissionSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only these group settings can be changed: ${UPDATABLE_GROUP_SETTINGS.join(', ')}`
        : undefined,
  },
);
export type UpdateGroupInput = z.input<typeof updateGroupInputSchema>;

export const paymentStatusInputSchema = z.object({
  /** The member being marked; the only body id that is read, and it never chooses who acts. */
  userId: idSchema('Choose the member to mark'),
  isPaid: z.boolean({ error: 'isPaid must be true or false' }),
  leaderId: ignoredIdentity,
});
export type PaymentStatusInput = z.input<typeof paymentStatusInputSchema>;

/** Product rules §5 'Create official event form'. listType is always prebuilt for official events. */
export const createOfficialEventInputSchema = z
  .object({
    name: groupNameSchema,
    activeSports: z
      .array(
        z.enum(OFFICIAL_EVENT_SPORTS, {
          error: `Sports must be among ${OFFICIAL_EVENT_SPORTS.join(', ')}`,
        }),
        { error: 'At least one sport must be selected' },
      )
      .min(1, { error: 'At least one sport must be selected' })
      .transform(dedupe),
    invitePermission: invitePermissionSchema.default('leader'),
    lockType: lockTypeSchema.default('game'),
    lockValue: lockValueSchema.nullish(),
    listType: z
      .literal('prebuilt', { error: 'Official events are always prebuilt' })
      .default('prebuilt'),
    leaderId: ignoredIdentity,
  })
  .superRefine((input, context) => {
    if (input.lockType === 'time' && !input.lockValue) {
      context.addIssue({ code: 'custom', path: ['lockValue'], message: TIME_LOCK_NEEDS_VALUE });
    }
  });
export type CreateOfficialEventInput = z.input<typeof createOfficialEventInputSchema>;

/** A group as its members see it on the group page. Dates are ISO strings. */
export const groupDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null unless the viewer may share it: the leader always, members when invitePermission is 'all'. */
  code: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  leaderId: z.number().int(),
  isOfficial: z.boolean(),
  /** Effective lock at the server's clock (a time lock counts once lockValue has passed). */
  isLocked: z.boolean(),
  /** The leader's manual lock flag as stored; what the lock toggle shows and sets. */
  isManuallyLocked: z.boolean(),
  lockType: z.enum(LOCK_TYPES),
  lockValue: z.string().nullable(),
  allowMemberProps: z.boolean(),
  invitePermission: z.enum(INVITE_PERMISSIONS),
  activeSports: z.array(z.string()),
  listType: z.enum(LIST_TYPES),
  trackPaymentStatus: z.boolean(),
  memberCount: z.number().int(),
  /** Always true here: only members can read a group. Kept for the spec's Group shape. */
  isJoined: z.boolean(),
  isLeader: z.boolean(),
  isPaid: z.boolean(),
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

export const groupEnvelopeSchema = z.object({ user: userSchema, group: groupDetailsSchema });

/**
 * POST /api/groups/join: the spec's user and group, and whether the caller was already a
 * member. Entering the code of a group you are in is not an error: you are taken there
 * (decision 0020).
 */
export const joinGroupResponseSchema = groupEnvelopeSchema.extend({ alreadyMember: z.boolean() });

export const groupMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  /**
   * Payment status is between a member and the leader: the leader sees every member's,
   * anyone else only their own (absent on the other rows).
   */
  isPaid: z.boolean().optional(),
  isLeader: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const messageSchema = z.object({ message: z.string() });

export const groupsContract = {
  create: {
    method: 'POST',
    path: '/api/groups',
    body: createGroupInputSchema,
    response: groupEnvelopeSchema,
  },
  join: {
    method: 'POST',
    path: '/api/groups/join',
    body: joinGroupInputSchema,
    response: joinGroupResponseSchema,
  },
  joinOfficial: {
    method: 'POST',
    path: '/api/groups/join-official',
    body: joinOfficialInputSchema,
    response: groupEnvelopeSchema,
  },
  leave: {
    method: 'POST',
    path: '/api/groups/leave',
    body: leaveGroupInputSchema,
    response: z.object({ user: userSchema }),
  },
  details: {
    method: 'GET',
    path: '/api/groups/:id',
    params: groupIdParamsSchema,
    response: groupDetailsSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/groups/:id',
    params: groupIdParamsSchema,
    body: updateGroupInputSchema,
    response: groupDetailsSchema,
  },
  remove: { method: 'DELETE', path: '/api/groups/:id', params: groupIdParamsSchema },
  members: {
    method: 'GET',
    path: '/api/groups/:id/members',
    params: groupIdParamsSchema,
    response: z.array(groupMemberSchema),
  },
  paymentStatus: {
    method: 'PUT',
    path: '/api/groups/:id/payment-status',
    params: groupIdParamsSchema,
    body: paymentStatusInputSchema,
    response: groupMemberSchema,
  },
  deleteUnlockedProps: {
    method: 'DELETE',
    path: '/api/groups/:id/unlocked-props',
    params: groupIdParamsSchema,
    response: messageSchema.extend({ count: z.number().int() }),
  },
  createOfficial: {
    method: 'POST',
    path: '/api/admin/groups/official',
    body: createOfficialEventInputSchema,
    response: z.object({
      group: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
    }),
  },
} as const;
