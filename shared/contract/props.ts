import { z } from 'zod';
import { GAME_NOT_FOUND, gameMarketSchema, gameSchema, gameSideSchema } from './games';
import { overrideReasonSchema } from './result-override';
import { idSchema, serialIdNumber } from './ids';
import { ROUND_NOT_FOUND } from './exports';
import { SEASON_NOT_FOUND } from './rounds';
import { buildCustomPropSchema } from '../domain/custom-prop';
import { LOCK_REASONS } from '../domain/lock-state';
import { PICK_OUTCOMES } from '../domain/group-stats';
import { PROP_OPTION_MAX_LENGTH } from '../domain/prop-options';
import { SAMPLE_PROP_SPORTS, TEAM_NAME_MAX_LENGTH } from '../sample-props';
import { GROUP_NOT_FOUND, groupIdParamsSchema, messageSchema } from './groups';

/**
 * Props are "predictions" in the API's paths, picks "user predictions". Who acts always
 * comes from the session, never from a userId or createdBy in a body.
 */

export const PROP_NOT_FOUND = 'Prop not found';
export const PICK_NOT_FOUND = 'Pick not found';
export const PROP_LOCKED = 'This prop is locked';
export const ORGANIZER_DOES_NOT_PICK = 'You run this event, so you do not pick in it';

export const propIdParamsSchema = z.object({ id: idSchema(PROP_NOT_FOUND) });
export const pickIdParamsSchema = z.object({ id: idSchema(PICK_NOT_FOUND) });
export const userIdParamsSchema = z.object({ id: idSchema('User not found') });

const ignored = z
  .unknown()
  .optional()
  .describe('Ignored: set by the server (the acting user comes from the session)');

export const propOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  odds: z.string(),
});

export const lockStateSchema = z.object({
  locked: z.boolean(),
  reason: z.enum(LOCK_REASONS),
  /** When the lock took or takes effect ('Locks at' / 'Locked at' / 'Event started'). */
  at: z.string().nullable(),
});

export const ownPickSchema = z.object({
  id: z.number().int(),
  selectedOption: z.string(),
  /** null while pending or void. */
  isCorrect: z.boolean().nullable(),
});

/** Product rules §4 'Game-linked props': the game as the feed last reported it. */
export const propGameSchema = gameSchema
  .pick({ id: true, status: true, startsAt: true, period: true, clock: true, detail: true })
  .extend({
    home: gameSchema.shape.home,
    away: gameSchema.shape.away,
    market: gameMarketSchema,
    line: z.number().nullable(),
    team: gameSideSchema.nullable(),
    /** A person's result stands until returned to automatic. */
    overridden: z.boolean(),
  });
export type PropGame = z.infer<typeof propGameSchema>;

/** Judged at the server's clock when sent; the client re-judges `lock` as time passes (lockStateOf). */
export const propSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  sport: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  options: z.array(propOptionSchema),
  gameDate: z.string().nullable(),
  /** null: open; 'N/A': void. */
  result: z.string().nullable(),
  isActive: z.boolean(),
  isImported: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  lock: lockStateSchema,
  myPick: ownPickSchema.nullable(),
  /** The viewer's pick was reset by a line or options change and not made again. */
  pickReset: z.object({ previousOption: z.string(), at: z.string() }).nullable(),
  /** 'loss' with no pick is the red 'lost' styling. */
  outcome: z.enum(PICK_OUTCOMES),
  /** Leader, or its creator where members may create props; never imported props. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** The leader, on props that are not imported. */
  canSetResult: z.boolean(),
  /** Never what, before the lock. */
  pickCount: z.number().int(),
  /** Once locked: `{ [value]: count }`; null before. */
  pickSplit: z.record(z.string(), z.number().int()).nullable(),
  /** null for a prop a person settles. */
  game: propGameSchema.nullable(),
});
export type Prop = z.infer<typeof propSchema>;

export const listPropsQuerySchema = z.object({
  /** Absent, empty or 'all' shows every prop. Case-insensitive. */
  sport: z.string({ error: 'sport must be text' }).trim().max(40).optional(),
});

/**
 * Product rules §5 'Custom prop'. result, isActive and createdBy are accepted (the spec's
 * client sends them) and ignored.
 */
export function buildCreatePropBodySchema(now: () => Date) {
  return z
    .object({
      // Missing reads as a form left incomplete; any other bad id, as not found.
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

export function buildEditPropBodySchema(now: () => Date) {
  return z
    .object({ result: ignored, isActive: ignored, createdBy: ignored, userId: ignored })
    .and(buildCustomPropSchema(now));
}

export const INVALID_RESULT = "Choose one of the prop's options, or N/A to void it";

/** null or '' removes it. */
export const setResultBodySchema = z.object({
  /** Required on a linked prop: the result then overrides the feed's. */
  reason: overrideReasonSchema,
  result: z
    .string({ error: INVALID_RESULT })
    .max(PROP_OPTION_MAX_LENGTH, { error: INVALID_RESULT })
    .nullable()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    }),
});

/** A body with `result` and none of these sets the result. */
export const PROP_EDIT_FIELDS = [
  'sport',
  'customSport',
  'title',
  'description',
  'options',
  'gameDate',
] as const;

/** An edit body may carry result: null (the create payload does): it is still an edit. */
export function isResultUpdate(body: Record<string, unknown>): boolean {
  return 'result' in body && !PROP_EDIT_FIELDS.some((field) => field in body);
}

export const updatePropBodySchema = z
  .looseObject({})
  .describe(
    "Either the Custom Prop form's fields (edit; same as create without groupId) or only {result, reason}: an option value, 'N/A', or null to remove it, and the reason (required on a prop linked to a game)",
  );

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

const CONFIDENCE_NUMBER = 'Confidence must be a whole number from 1';
const NOTHING_TO_CHANGE = 'Send selectedOption, confidence or isLock';

/**
 * The option, or (product rules §10 'Confidence and lock') the pick's confidence or whether
 * it is the member's lock of its round; the range and the swaps are decided with the round.
 */
export const updatePickBodySchema = z
  .object({
    selectedOption: selectedOptionSchema.optional(),
    confidence: z
      .number({ error: CONFIDENCE_NUMBER })
      .int({ error: CONFIDENCE_NUMBER })
      .min(1, { error: CONFIDENCE_NUMBER })
      .max(999, { error: CONFIDENCE_NUMBER })
      .optional(),
    isLock: z.boolean({ error: 'isLock must be true or false' }).optional(),
    userId: ignored,
  })
  .refine(
    (body) =>
      body.selectedOption !== undefined ||
      body.confidence !== undefined ||
      body.isLock !== undefined,
    { error: NOTHING_TO_CHANGE, path: ['selectedOption'] },
  );

export const userPredictionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  predictionId: z.number().int(),
  groupId: z.number().int(),
  selectedOption: z.string(),
  isCorrect: z.boolean().nullable(),
  /** Its confidence in its round (every pick has one; confidence scoring counts it). */
  confidence: z.number().int().nullable(),
  /** The member's lock of the round (lock scoring). */
  isLock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserPrediction = z.infer<typeof userPredictionSchema>;

export const userPredictionsQuerySchema = z.object({
  /** Without it, the caller's picks in all their groups. */
  groupId: idSchema(GROUP_NOT_FOUND).optional(),
});

/** What separated first place from the next (product rules §10 'Tiebreaker'). */
export const boardDecisionSchema = z.object({
  decidedBy: z.enum(['points', 'tiebreaker', 'earlier_answer', 'round_wins', 'win_rate', 'shared']),
  /** 'won on the tiebreaker: 47 vs 45', shown beside the winner. */
  text: z.string(),
});

export const leaderboardEntrySchema = z.object({
  /** id null on an archived season's board once the account is deleted: kept by name. */
  user: z.object({ id: z.number().int().nullable(), displayName: z.string() }),
  wins: z.number().int(),
  losses: z.number().int(),
  pending: z.number().int(),
  /** wins / (wins + losses) in percent, one decimal; 0 with nothing decided. */
  percentage: z.number(),
  /** Equal standings share a position (1, 1, 3). */
  position: z.number().int(),
  /*
   * Always on the server's boards; optional because the client builds the viewer's own row
   * from the stats card, which does not carry them.
   */
  /** What the board ranks by: a round's points, or the season's after any dropped rounds. */
  points: z.number().int().optional(),
  /** The season's points before dropped rounds (product rules §10 'Drop-worst'). */
  pointsBeforeDrop: z.number().int().optional(),
  /** Rounds won this season; on a round's board 1 for its recorded winners. */
  roundWins: z.number().int().optional(),
  /**
   * Only for a member some of the season's rounds do not count for (they joined late):
   * how many count, of how many (product rules §10 'Late joiners').
   */
  rounds: z.object({ counted: z.number().int(), total: z.number().int() }).optional(),
  /** On the entries in first place; null elsewhere and on a board of one. */
  decision: boardDecisionSchema.nullable().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const LEADERBOARD_PAGE_MAX = 1000;
const pageMessage = (name: string, min: number, max: number) =>
  `${name} must be a whole number from ${min} to ${max}`;

/** Neither: the whole board. X-Total-Count says how many are on it. */
export const leaderboardQuerySchema = z
  .object({
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
    /** One round's board (product rules §10 'Tiebreaker'). */
    round: idSchema(ROUND_NOT_FOUND).optional(),
    /** A season's board, the current one without it or `round`. */
    season: idSchema(SEASON_NOT_FOUND).optional(),
  })
  .refine((query) => query.round === undefined || query.season === undefined, {
    error: 'Give a round or a season, not both',
    path: ['season'],
  });

/** Product rules §2 personal stats card. */
export const memberStatsSchema = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  pending: z.number().int(),
  /** Product rules §9. */
  winRate: z.number(),
  /** 0 for the operator leading an official event without playing. */
  position: z.number().int(),
  totalMembers: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

export const GAME_REQUIRED =
  'Choose a game: one from the scores feed, or type the away and home teams';
export const SAME_TEAMS = 'The away and home teams must differ';

const teamNameSchema = (side: 'Away' | 'Home') =>
  z
    .string({ error: `${side} team is required` })
    .trim()
    .min(1, { error: `${side} team is required` })
    .max(TEAM_NAME_MAX_LENGTH, {
      error: `${side} team must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
    });

export const typedGameSchema = z
  .object({
    sport: z.enum(SAMPLE_PROP_SPORTS, {
      error: `Sample props exist for ${SAMPLE_PROP_SPORTS.join(', ')}`,
    }),
    away: teamNameSchema('Away'),
    home: teamNameSchema('Home'),
  })
  .refine((game) => game.away.toLowerCase() !== game.home.toLowerCase(), {
    path: ['home'],
    error: SAME_TEAMS,
  });
export type TypedGame = z.infer<typeof typedGameSchema>;

/** A game of the scores feed (its id) or one the leader types. */
export const generatePropsBodySchema = z
  .object({
    game: z
      .union([z.object({ gameId: idSchema(GAME_NOT_FOUND) }).strict(), typedGameSchema], {
        error: GAME_REQUIRED,
      })
      .optional(),
  })
  // No body at all: Fastify hands the validator null for it.
  .nullish()
  .transform((body, context) => {
    if (!body?.game) {
      context.addIssue({ code: 'custom', path: ['game'], message: GAME_REQUIRED });
      return z.NEVER;
    }
    return { game: body.game };
  });
export type GeneratePropsBody = z.infer<typeof generatePropsBodySchema>;

export const generatePropsResponseSchema = messageSchema.extend({ count: z.number().int() });

export const generatePropsPreviewSchema = z.object({
  sports: z.array(
    z.object({
      sport: z.enum(SAMPLE_PROP_SPORTS),
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
  automatic: {
    method: 'POST',
    path: '/api/predictions/:id/automatic',
    params: propIdParamsSchema,
    response: propSchema,
  },
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
