import { z } from 'zod';
import { GAME_MARKETS, GAME_SIDES, GAME_STATUSES } from '../domain/game-grading';
import { FEED_SPORTS } from '../sports';

export const GAME_NOT_FOUND = 'Game not found';

export const feedSportSchema = z.enum(FEED_SPORTS, {
  error: `sport must be one of ${FEED_SPORTS.join(', ')}`,
});
export const gameStatusSchema = z.enum(GAME_STATUSES);
export const gameMarketSchema = z.enum(GAME_MARKETS, {
  error: `market must be one of ${GAME_MARKETS.join(', ')}`,
});
export const gameSideSchema = z.enum(GAME_SIDES, { error: 'team must be home or away' });

const teamSchema = z.object({
  abbreviation: z.string(),
  name: z.string(),
  score: z.number().int().nullable(),
});

/** Product rules §4 'Game-linked props'. */
export const gameSchema = z.object({
  id: z.number().int(),
  sport: feedSportSchema,
  feedEventId: z.string(),
  startsAt: z.string(),
  status: gameStatusSchema,
  period: z.number().int().nullable(),
  clock: z.string().nullable(),
  /** The feed's short status text ("Halftime", "Final/OT"). */
  detail: z.string().nullable(),
  home: teamSchema,
  away: teamSchema,
  /** spread is the home team's, negative when it is favoured. */
  odds: z.object({ spread: z.number().nullable(), total: z.number().nullable() }).nullable(),
  /** Flagged for the leader and the operator. */
  missingFromFeed: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

export const gameLinkSchema = z.object({
  gameId: z.number().int(),
  market: gameMarketSchema,
  line: z.number().nullable(),
  team: gameSideSchema.nullable(),
  resultOverridden: z.boolean(),
});
export type GameLink = z.infer<typeof gameLinkSchema>;

export const GAMES_RANGE_MAX_DAYS = 31;
const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` });
export const RANGE_BACKWARDS = 'to must be after from';
export const RANGE_TOO_WIDE = `The range can span at most ${GAMES_RANGE_MAX_DAYS} days`;

export const gamesQuerySchema = z
  .object({ sport: feedSportSchema, from: instant('from'), to: instant('to') })
  .superRefine((query, context) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_BACKWARDS });
    else if (span > GAMES_RANGE_MAX_DAYS * 86_400_000) {
      context.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_WIDE });
    }
  });

export const feedSportStatusSchema = z.object({
  sport: feedSportSchema,
  state: z.enum(['ok', 'unreachable', 'never']),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

/** For a person to settle. */
export const flaggedPropSchema = z.object({
  /** null for a master prop. */
  predictionId: z.number().int().nullable(),
  masterPropId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  title: z.string(),
  game: gameSchema,
});

export const scoresFeedStatusSchema = z.object({
  /** false: SCORES_FEED=off. */
  enabled: z.boolean(),
  /** Not the address: it may carry a key. */
  feed: z.string(),
  sports: z.array(feedSportStatusSchema),
  /** Started games props depend on, not graded yet, oldest first. */
  waiting: z.array(gameSchema),
  flagged: z.array(flaggedPropSchema),
});
export type ScoresFeedStatus = z.infer<typeof scoresFeedStatusSchema>;

export const gamesContract = {
  list: {
    method: 'GET',
    path: '/api/games',
    querystring: gamesQuerySchema,
    response: z.array(gameSchema),
  },
  feedStatus: {
    method: 'GET',
    path: '/api/admin/scores-feed',
    response: scoresFeedStatusSchema,
  },
  pollNow: {
    method: 'POST',
    path: '/api/admin/scores-feed/poll',
    response: z.object({ queued: z.boolean() }),
  },
} as const;
