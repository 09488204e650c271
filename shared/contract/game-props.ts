import { z } from 'zod';
import { GAME_NOT_FOUND, gameMarketSchema, gameSideSchema } from './games';
import { groupIdParamsSchema } from './groups';
import { idSchema } from './ids';
import { propSchema } from './props';

/** Product rules §4 'Game-linked props': the server writes title, options, description and lock time from the game. */

export { GAME_NOT_FOUND };
export const LINE_MESSAGE = 'A line is a number of points in halves, from -999.5 to 999.5';
export const TEAM_REQUIRED = 'A team total needs a team: home or away';
export const TEAM_NOT_ALLOWED = 'Only a team total names a team';
export const GAME_PROPS_MAX = 60;

export const gamePropRequestSchema = z
  .object({
    gameId: idSchema(GAME_NOT_FOUND),
    market: gameMarketSchema,
    /** The home team's spread, or the total; absent: the feed's line. */
    line: z
      .number({ error: LINE_MESSAGE })
      .min(-999.5, { error: LINE_MESSAGE })
      .max(999.5, { error: LINE_MESSAGE })
      .multipleOf(0.5, { error: LINE_MESSAGE })
      .nullish()
      .transform((value) => value ?? null),
    team: gameSideSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((prop, context) => {
    if (prop.market === 'team_total' && prop.team === null) {
      context.addIssue({ code: 'custom', path: ['team'], message: TEAM_REQUIRED });
    }
    if (prop.market !== 'team_total' && prop.team !== null) {
      context.addIssue({ code: 'custom', path: ['team'], message: TEAM_NOT_ALLOWED });
    }
  });

export const createGamePropsBodySchema = z.object({
  props: z
    .array(gamePropRequestSchema, { error: 'Choose at least one game and market' })
    .min(1, { error: 'Choose at least one game and market' })
    .max(GAME_PROPS_MAX, { error: `At most ${GAME_PROPS_MAX} props at a time` }),
});
export type CreateGamePropsBody = z.input<typeof createGamePropsBodySchema>;
export type GamePropRequest = z.output<typeof gamePropRequestSchema>;

export const gamePropsContract = {
  create: {
    method: 'POST',
    path: '/api/groups/:id/game-props',
    params: groupIdParamsSchema,
    body: createGamePropsBodySchema,
    response: z.array(propSchema),
  },
} as const;
