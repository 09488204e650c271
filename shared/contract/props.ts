import { z } from 'zod';
import { idSchema, serialIdNumber } from './ids';
import { buildCustomPropSchema } from '../domain/custom-prop';
import { LOCK_REASONS } from '../domain/lock-state';
import { PICK_OUTCOMES } from '../domain/group-stats';
import { PROP_OPTION_MAX_LENGTH } from '../domain/prop-options';
import { SAMPLE_PROP_SPORTS } from '../sample-props';
import { GROUP_NOT_FOUND, groupIdParamsSchema, messageSchema } from './groups';

/**
 * Props ("predictions" in the API's paths), picks ("user predictions"), the leaderboard
 * and generated sample props (the activity feed is shared/contract/activity.ts). Who acts
 * always comes from the session, never from a userId or createdBy in a body.
 * In `/api/predictions/group/:id`, `/api/leaderboard/:id` and `/api/groups/:id/...` the id is the group's.
 */

export const PROP_NOT_FOUND = 'Prop not found';
export const PICK_NOT_FOUND = 'Pick not found';
export const PROP_LOCKED = 'This prop is locked';

export const propIdParamsSchema = z.object({ id: idSchema(PROP_NOT_FOUND) });
export const pickIdParamsSchema = z.object({ id: idSchema(PICK_NOT_FOUND) });
export const userIdParamsSchema = z.object({ id: idSchema('User not found') });

const ignored = z
  .unknown()
  .optional()
  .describe('Ignored: set by the server (the acting user comes from the session)');

// ---------------------------------------------------------------------------------------
// Props

export const propOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  odds: z.string(),
});

export const lockStateSchema = z.object({
  locked: z.boolean(),
  reason: z.enum(LOCK_REASONS),
  /** ISO time the lock took or takes effect ('Locks at' / 'Locked at' / 'Event started'). */
  at: z.string().nullable(),
});

/** The viewer's own pick on a prop. */
export const ownPickSchema = z.object({
  id: z.number().int(),
  selectedOption: z.string(),
  /** true / false once the prop is decided, null while pending or void. */
  isCorrect: z.boolean().nullable(),
});

/**
 * A prop as a member sees it on the group page, judged at the server's clock when sent.
 * The client re-judges `lock` as time passes with lockStateOf(prop, group, now), using the
 * group's lockType, lockValue and isManuallyLocked from GET /api/groups/:id.
 */
export const propSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  sport: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  options: z.array(propOptionSchema),
  gameDate: z.string().nullable(),
  /** null: open; one of the option values; or 'N/A' (void). */
  result: z.string().nullable(),
  isActive: z.boolean(),
  isImported: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  lock: lockStateSchema,
  myPick: ownPickSchema.nullable(),
  /**
   * The viewer's pick was removed because the prop's line or options changed (decision
   * 0020) and they have not picked again: the option they had and when. null otherwise.
   */
  pickReset: z.object({ previousOption: z.string(), at: z.string() }).nullable(),
  /** The viewer's standing on it: 'loss' with no pick is the red 'lost' styling. */
  outcome: z.enum(PICK_OUTCOMES),
  /** May the viewer edit it (while it is unlocked)? Leader, or its creator where members may create props; never imported props. */
  canEdit: z.boolean(),
  /** May the viewer delete it (while it is unlocked)? */
  canDelete: z.boolean(),
  /** May the viewer set or remove its result? The leader, on props that are not imported. */
  canSetResult: z.boolean(),
  /** How many members have picked it (never what, before the lock). */
  pickCount: z.number().int(),
  /** Once locked: how many picked each option value (`{ [value]: count }`); null before. */
  pickSplit: z.record(z.string(), z.number().int()).nullable(),
});
export type Prop = z.infer<typeof propSchema>;

export const listPropsQuerySchema = z.object({
  /** A sport to show; absent, empty or 'all' shows every prop. Case-insensitive. */
  sport: z.string({ error: 'sport must be text' }).trim().max(40).optional(),
});

/**
 * POST /api/predictions: product rules §5 'Custom prop' plus the group. result, isActive and
 * createdBy are accepted (the spec's client sends them) and ignored: a new prop is open and
 * active, and its creator is whoever is signed in. Built with a clock so tests can pin it.
 */
export function buildCreatePropBodySchema(now: () => Date) {
  return z
    .object({
      // Missing altogether reads as a form left incomplete; any other bad id, as not found.
      groupId: z.coerce
        .number({ error: 'Choose the group for this prop' })
        .pipe(serialIdNumber(GROUP_NOT_FOUND)),
      result: ignored,
      isActive: ignored,
      createdBy: ignored,
      userId: ignored,
    })
    .and(buildCustomPropSchema(now));
}

/** PUT /api/predictions/:id when editing: the same fields as create, without the group. */
export function buildEditPropBodySchema(now: () => Date) {
  return z
    .object({ result: ignored, isActive: ignored, createdBy: ignored, userId: ignored })
    .and(buildCustomPropSchema(now));
}

export const INVALID_RESULT = "Choose one of the prop's options, or N/A to void it";

/**
 * PUT /api/predictions/:id when setting a result: an option value, 'N/A' (void), or
 * null / '' to remove it (the admin panel sends '' for the same thing).
 */
export const setResultBodySchema = z.object({
  result: z
    .string({ error: INVALID_RESULT })
    .max(PROP_OPTION_MAX_LENGTH, { error: INVALID_RESULT })
    .nullable()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    }),
});

/** Fields that make a PUT an edit; a body with `result` and none of these sets the result. */
export const PROP_EDIT_FIELDS = [
  'sport',
  'customSport',
  'title',
  'description',
  'options',
  'gameDate',
] as const;

/**
 * The spec's PUT /api/predictions/:id carries either the whole form (edit) or only a
 * result. An edit body may also carry result: null (the create payload does), which does
 * not clear anything: it is an edit.
 */
export function isResultUpdate(body: Record<string, unknown>): boolean {
  return 'result' in body && !PROP_EDIT_FIELDS.some((field) => field in body);
}

export const updatePropBodySchema = z
  .looseObject({})
  .describe(
    "Either the Custom Prop form's fields (edit; same as create without groupId) or only {result}: an option value, 'N/A', or null to remove it",
  );

// ---------------------------------------------------------------------------------------
// Picks ("user predictions")

const selectedOptionSchema = z
  .string({ error: 'Choose an option' })
  .trim()
  .min(1, { error: 'Choose an option', abort: true })
  .max(PROP_OPTION_MAX_LENGTH, { error: "Choose one of this prop's options" });

export const createPickBodySchema = z.object({
  predictionId: idSchema(PROP_NOT_FOUND),
  selectedOption: selectedOptionSchema,
  userId: ignored,
});

export const updatePickBodySchema = z.object({
  selectedOption: selectedOptionSchema,
  userId: ignored,
});

export const userPredictionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  predictionId: z.number().int(),
  groupId: z.number().int(),
  selectedOption: z.string(),
  isCorrect: z.boolean().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserPrediction = z.infer<typeof userPredictionSchema>;

export const userPredictionsQuerySchema = z.object({
  /** The group whose picks to list; without it, the caller's picks in all their groups. */
  groupId: idSchema(GROUP_NOT_FOUND).optional(),
});

// ---------------------------------------------------------------------------------------
// Leaderboard and stats

export const leaderboardEntrySchema = z.object({
  user: z.object({ id: z.number().int(), displayName: z.string() }),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Picks on props without a result yet. */
  pending: z.number().int(),
  /** Win rate: wins / (wins + losses) in percent, one decimal; 0 with nothing decided. */
  percentage: z.number(),
  /** 1-based; equal standings share a position (1, 1, 3). */
  position: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const LEADERBOARD_PAGE_MAX = 1000;
const pageMessage = (name: string, min: number, max: number) =>
  `${name} must be a whole number from ${min} to ${max}`;

/**
 * A page of the board (decision 0013): the card asks for the top rows, the Full
 * Leaderboard pages through it. Neither: the whole board. The answer's X-Total-Count
 * header says how many are on it.
 */
export const leaderboardQuerySchema = z.object({
  limit: z.coerce
    .number({ error: pageMessage('limit', 1, LEADERBOARD_PAGE_MAX) })
    .int({ error: pageMessage('limit', 1, LEADERBOARD_PAGE_MAX) })
    .min(1, { error: pageMessage('limit', 1, LEADERBOARD_PAGE_MAX) })
    .max(LEADERBOARD_PAGE_MAX, { error: pageMessage('limit', 1, LEADERBOARD_PAGE_MAX) })
    .optional(),
  offset: z.coerce
    .number({ error: pageMessage('offset', 0, 1_000_000) })
    .int({ error: pageMessage('offset', 0, 1_000_000) })
    .min(0, { error: pageMessage('offset', 0, 1_000_000) })
    .max(1_000_000, { error: pageMessage('offset', 0, 1_000_000) })
    .optional(),
});

/** The group page's personal stats card (product rules §2), with the viewer's place on the board. */
export const memberStatsSchema = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  pending: z.number().int(),
  /** wins / (wins + losses) in percent, one decimal; 0 with nothing decided (product rules §9). */
  winRate: z.number(),
  /** 0 for someone who leads an official event without playing in it (decision 0013). */
  position: z.number().int(),
  /** Contestants on the board (the operator running an official event is not one). */
  totalMembers: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

// ---------------------------------------------------------------------------------------
// Sample props

export const generatePropsBodySchema = z
  .object({
    /** Only these sports; absent: every active sport of the group with samples. */
    sports: z
      .array(
        z.enum(SAMPLE_PROP_SPORTS, {
          error: `Sample props exist for ${SAMPLE_PROP_SPORTS.join(', ')}`,
        }),
        { error: 'sports must be a list' },
      )
      .min(1, { error: 'Choose at least one sport' })
      .optional(),
  })
  // No body at all is the usual call: Fastify hands the validator null for it.
  .nullish();

export const generatePropsResponseSchema = messageSchema.extend({ count: z.number().int() });

/**
 * GET /api/groups/:id/generate-props (leader): what Generate Props would add, per sport of
 * the group that has samples, so the leader is asked before anything is added.
 */
export const generatePropsPreviewSchema = z.object({
  sports: z.array(
    z.object({
      sport: z.enum(SAMPLE_PROP_SPORTS),
      /** Samples the group does not have yet: what generating this sport adds now. */
      count: z.number().int(),
      /** Samples in the catalogue for the sport. */
      total: z.number().int(),
    }),
  ),
});
export type GeneratePropsPreview = z.infer<typeof generatePropsPreviewSchema>;

export const propsContract = {
  list: {
    method: 'GET',
    path: '/api/predictions/group/:id',
    params: groupIdParamsSchema,
    querystring: listPropsQuerySchema,
    response: z.array(propSchema),
  },
  create: {
    method: 'POST',
    path: '/api/predictions',
    body: buildCreatePropBodySchema(() => new Date()),
    response: propSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/predictions/:id',
    params: propIdParamsSchema,
    body: updatePropBodySchema,
    response: propSchema,
  },
  remove: { method: 'DELETE', path: '/api/predictions/:id', params: propIdParamsSchema },
  userPredictions: {
    method: 'GET',
    path: '/api/user-predictions/:id',
    params: userIdParamsSchema,
    querystring: userPredictionsQuerySchema,
    response: z.array(userPredictionSchema),
  },
  createPick: {
    method: 'POST',
    path: '/api/user-predictions',
    body: createPickBodySchema,
    response: userPredictionSchema,
  },
  updatePick: {
    method: 'PUT',
    path: '/api/user-predictions/:id',
    params: pickIdParamsSchema,
    body: updatePickBodySchema,
    response: userPredictionSchema,
  },
  leaderboard: {
    method: 'GET',
    path: '/api/leaderboard/:id',
    params: groupIdParamsSchema,
    querystring: leaderboardQuerySchema,
    response: z.array(leaderboardEntrySchema),
  },
  memberStats: {
    method: 'GET',
    path: '/api/groups/:id/stats',
    params: groupIdParamsSchema,
    response: memberStatsSchema,
  },
  generatePropsPreview: {
    method: 'GET',
    path: '/api/groups/:id/generate-props',
    params: groupIdParamsSchema,
    response: generatePropsPreviewSchema,
  },
  generateProps: {
    method: 'POST',
    path: '/api/groups/:id/generate-props',
    params: groupIdParamsSchema,
    body: generatePropsBodySchema,
    response: generatePropsResponseSchema,
  },
} as const;
