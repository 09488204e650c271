import { z } from 'zod';
import { groupIdParamsSchema, requiredText } from './groups';

/**
 * Product rules §10 'Seasons': a group's seasons, the current one last, each archived one
 * with its champions; the leader starts the next.
 */

export const SEASON_NAME_MAX_LENGTH = 60;

/** A result of an archived season's prop is refused with this (409). */
export const PROP_ARCHIVED = "This prop's season is archived: its result can no longer change";

export const createSeasonBodySchema = z.object({
  name: requiredText(
    'Season name is required',
    SEASON_NAME_MAX_LENGTH,
    `Season name must be at most ${SEASON_NAME_MAX_LENGTH} characters`,
  ),
});
export type CreateSeasonBody = z.infer<typeof createSeasonBodySchema>;

export const seasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startedAt: z.string(),
  /** null for the current season. */
  endedAt: z.string().nullable(),
  /** Everyone in first place when it ended, kept by name; empty while it is current. */
  champions: z.array(
    z.object({
      /** null once the account is deleted. */
      userId: z.number().int().nullable(),
      displayName: z.string(),
    }),
  ),
});
export type Season = z.infer<typeof seasonSchema>;

export const seasonsContract = {
  list: {
    method: 'GET',
    path: '/api/groups/:id/seasons',
    params: groupIdParamsSchema,
    summary: "The group's seasons, oldest first, with their champions (members)",
    response: z.array(seasonSchema),
  },
  create: {
    method: 'POST',
    path: '/api/groups/:id/seasons',
    params: groupIdParamsSchema,
    body: createSeasonBodySchema,
    summary:
      'Archives the current season and starts the next (leader); 409 while props have no result',
    response: seasonSchema,
  },
} as const;
