import { z } from 'zod';
import { idSchema } from './ids';
import { INVITE_CODE_MAX_INPUT_LENGTH, normalizeInviteCode } from '../domain/invite-code';
import { LOCK_TYPES } from '../domain/lock-state';
import { DEFAULT_SCORING_MODE } from '../domain/scoring-modes';
import { GROUP_SPORTS, OFFICIAL_EVENT_SPORTS } from '../sports';
import { userSchema } from './auth';
import { dropWorstRoundsSchema, scoringModeSchema } from './competition';

export const INVITE_PERMISSIONS = ['leader', 'all'] as const;
export type InvitePermission = (typeof INVITE_PERMISSIONS)[number];
export const LIST_TYPES = ['prebuilt', 'private'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const GROUP_NAME_MAX_LENGTH = 60;
export const SOCIAL_USERNAME_MAX_LENGTH = 64;

/** The same answer for a group that does not exist and one the caller is not in. */
export const GROUP_NOT_FOUND = 'Group not found';

/** PostgreSQL refuses NUL in text, and line breaks or escape codes garble the screens. */
export const requiredText = (message: string, maxLength: number, tooLong: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\p{Cc}/gu, ''))
    .pipe(
      z.string().trim().min(1, { error: message, abort: true }).max(maxLength, { error: tooLong }),
    );

/** The spec's payloads carry the acting user's id: accepted, never read (the session says who acts). */
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

/** Years before 1970 are refused: nobody means them, and PostgreSQL has no year 0. */
export const lockValueSchema = z.iso
  .datetime({ offset: true, error: 'Lock time must be a date and time' })
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() >= EARLIEST_LOCK_TIME, {
    error: 'Lock time must be a date and time',
  });

export const TIME_LOCK_NEEDS_VALUE = 'Choose the lock time for a time-locked group';

const dedupe = <T>(values: T[]) => [...new Set(values)];

/** Product rules §5 'Create group'. */
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
    scoring: scoringModeSchema.default(DEFAULT_SCORING_MODE),
    dropWorstRounds: dropWorstRoundsSchema.default(0),
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

/** Product rules §5 'Official event join'. */
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
  'scoring',
  'dropWorstRounds',
] as const;

/** Strict: an unknown key is refused rather than dropped, so nobody believes it took effect. */
export const settingsObject = <Shape extends z.ZodRawShape>(
  shape: Shape,
  what: string,
  names: readonly string[],
) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only these ${what} can be changed: ${names.join(', ')}`
        : undefined,
  });

export const updateGroupInputSchema = settingsObject(
  {
    name: groupNameSchema.optional(),
    isLocked: z.boolean({ error: 'isLocked must be true or false' }).optional(),
    lockType: lockTypeSchema.optional(),
    lockValue: lockValueSchema.nullable().optional(),
    trackPaymentStatus: z.boolean({ error: 'trackPaymentStatus must be true or false' }).optional(),
    allowMemberProps: z.boolean({ error: 'allowMemberProps must be true or false' }).optional(),
    invitePermission: invitePermissionSchema.optional(),
    /** Refused (409) once the current season's first prop has locked. */
    scoring: scoringModeSchema.optional(),
    dropWorstRounds: dropWorstRoundsSchema.optional(),
  },
  'group settings',
  UPDATABLE_GROUP_SETTINGS,
);
export type UpdateGroupInput = z.input<typeof updateGroupInputSchema>;

export const paymentStatusInputSchema = z.object({
  /** The only body id that is read, and it never chooses who acts. */
  userId: idSchema('Choose the member to mark'),
  isPaid: z.boolean({ error: 'isPaid must be true or false' }),
  leaderId: ignoredIdentity,
});
export type PaymentStatusInput = z.input<typeof paymentStatusInputSchema>;

/** Product rules §5 'Create official event form'. */
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

export const groupDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null unless the viewer may share it (invitePermission). */
  code: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  leaderId: z.number().int(),
  isOfficial: z.boolean(),
  /** At the server's clock (a time lock counts once lockValue has passed). */
  isLocked: z.boolean(),
  /** The stored flag the lock toggle shows and sets. */
  isManuallyLocked: z.boolean(),
  lockType: z.enum(LOCK_TYPES),
  lockValue: z.string().nullable(),
  allowMemberProps: z.boolean(),
  invitePermission: z.enum(INVITE_PERMISSIONS),
  activeSports: z.array(z.string()),
  listType: z.enum(LIST_TYPES),
  trackPaymentStatus: z.boolean(),
  scoring: scoringModeSchema,
  dropWorstRounds: z.number().int(),
  memberCount: z.number().int(),
  /** Always true here; kept for the spec's Group shape. */
  isJoined: z.boolean(),
  isLeader: z.boolean(),
  isPaid: z.boolean(),
  /** False for the operator in an official event they run: they lead it but do not play. */
  isContestant: z.boolean(),
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

export const groupEnvelopeSchema = z.object({ user: userSchema, group: groupDetailsSchema });

/** Entering the code of a group you are in is not an error: you are taken there. */
export const joinGroupResponseSchema = groupEnvelopeSchema.extend({ alreadyMember: z.boolean() });

export const groupMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  /** The leader sees every member's; anyone else only their own. */
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
