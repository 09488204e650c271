import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';

/**
 * A season's rounds and how its race went (product rules §10 'Rounds'), read by every
 * member; `?season=` reads an archived season, the current one without it.
 */

export const SEASON_NOT_FOUND = 'Season not found';

export const seasonQuerySchema = z.object({
  season: idSchema(SEASON_NOT_FOUND).optional(),
});

const memberNameSchema = z.object({
  /** null once the member's account is deleted: the winner stays recorded by name. */
  userId: z.number().int().nullable(),
  displayName: z.string(),
});

export const roundSchema = z.object({
  id: z.number().int(),
  /** 'Week 3': numbered by calendar week from the season's first (decision 0095). */
  label: z.string(),
  startsAt: z.string(),
  /** The next round's start: the round holds the instants before it. */
  endsAt: z.string(),
  propCount: z.number().int(),
  /** Every prop decided or void. */
  complete: z.boolean(),
  /** As recorded when the round completed; empty before. */
  winners: z.array(memberNameSchema),
});
export type RoundInfo = z.infer<typeof roundSchema>;

/**
 * The rank chart's data: one point per round begun (played or under way), for the first
 * ten of the latest of them and the viewer. Each member's `ranks[i]` and `points[i]` are
 * the season board's position and points (after dropped rounds) once `rounds[i]` is in.
 */
export const standingsHistorySchema = z.object({
  rounds: z.array(z.object({ id: z.number().int(), label: z.string() })),
  members: z.array(
    z.object({
      userId: z.number().int(),
      displayName: z.string(),
      ranks: z.array(z.number().int()),
      points: z.array(z.number().int()),
    }),
  ),
});
export type StandingsHistory = z.infer<typeof standingsHistorySchema>;

export const roundsContract = {
  rounds: {
    method: 'GET',
    path: '/api/groups/:id/rounds',
    params: groupIdParamsSchema,
    querystring: seasonQuerySchema,
    summary: "A season's rounds with their winners (members)",
    response: z.array(roundSchema),
  },
  standingsHistory: {
    method: 'GET',
    path: '/api/groups/:id/standings-history',
    params: groupIdParamsSchema,
    querystring: seasonQuerySchema,
    summary: 'Rank and points after each round, for the top ten and the viewer (members)',
    response: standingsHistorySchema,
  },
} as const;
