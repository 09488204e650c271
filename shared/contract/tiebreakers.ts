import { z } from 'zod';
import { tiebreakerValueSchema } from './competition';
import { ROUND_NOT_FOUND } from './exports';
import { GROUP_NOT_FOUND, lockValueSchema } from './groups';
import { idSchema } from './ids';

/**
 * A round's tiebreaker (product rules §10 'Tiebreaker'): the leader asks one question with
 * a whole-number answer, linked to a game (its total points, from the scores feed) or
 * answered by the leader; members answer until it locks.
 */

export const TIEBREAKER_QUESTION_MAX_LENGTH = 150;
export const NO_TIEBREAKER = 'This round has no tiebreaker';
export const TIEBREAKER_EXISTS = 'This round already has a tiebreaker';
export const TIEBREAKER_LOCKED = 'The tiebreaker has locked: answers can no longer change';
export const TIEBREAKER_NOT_LOCKED = "The tiebreaker's result can be set once it has locked";
export const TIEBREAKER_LOCKS_IN_PAST = 'The tiebreaker must lock in the future';
export const ROUND_ARCHIVED = "This round's season is archived: it can no longer change";
export const GAME_NOT_FOUND = 'Game not found';

export const roundParamsSchema = z.object({
  id: idSchema(GROUP_NOT_FOUND),
  roundId: idSchema(ROUND_NOT_FOUND),
});

const QUESTION_REQUIRED = 'The tiebreaker question is required';

export const createTiebreakerInputSchema = z.object({
  question: z
    .string({ error: QUESTION_REQUIRED })
    .transform((value) => value.replace(/\p{Cc}/gu, ''))
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: QUESTION_REQUIRED, abort: true })
        .max(TIEBREAKER_QUESTION_MAX_LENGTH, {
          error: `The question must be at most ${TIEBREAKER_QUESTION_MAX_LENGTH} characters`,
        }),
    ),
  locksAt: lockValueSchema,
  /** A game of the scores feed whose total points will be the answer. */
  gameId: idSchema(GAME_NOT_FOUND).nullish(),
});
export type CreateTiebreakerInput = z.input<typeof createTiebreakerInputSchema>;

export const tiebreakerValueInputSchema = z.object({ value: tiebreakerValueSchema });

const answerSchema = z.object({ value: z.number().int(), answeredAt: z.string() });

export const tiebreakerSchema = z.object({
  roundId: z.number().int(),
  question: z.string(),
  locksAt: z.string(),
  /** Answers can no longer change, and everyone's are shown. */
  locked: z.boolean(),
  gameId: z.number().int().nullable(),
  /** The actual figure; null while unknown. */
  actual: z.number().int().nullable(),
  /** The viewer's answer (the last given), or null. */
  myAnswer: answerSchema.nullable(),
  /** How many members have answered. */
  answerCount: z.number().int(),
  /**
   * Every answer, closest first once the figure is known (else by value), each with its
   * distance (null while unknown). Empty until it locks: before that answers are sealed.
   */
  answers: z.array(
    answerSchema.extend({
      user: z.object({ id: z.number().int(), displayName: z.string() }),
      distance: z.number().int().nullable(),
    }),
  ),
});
export type Tiebreaker = z.infer<typeof tiebreakerSchema>;

export const tiebreakersContract = {
  tiebreaker: {
    method: 'GET',
    path: '/api/groups/:id/rounds/:roundId/tiebreaker',
    params: roundParamsSchema,
    response: z.object({ tiebreaker: tiebreakerSchema.nullable() }),
  },
  /** Leader; 201. 409 when the round has one, or its season is archived. */
  create: {
    method: 'POST',
    path: '/api/groups/:id/rounds/:roundId/tiebreaker',
    params: roundParamsSchema,
    body: createTiebreakerInputSchema,
    response: tiebreakerSchema,
  },
  /** Leader, once it has locked (409 before); the feed no longer sets it after. */
  setResult: {
    method: 'PUT',
    path: '/api/groups/:id/rounds/:roundId/tiebreaker/result',
    params: roundParamsSchema,
    body: tiebreakerValueInputSchema,
    response: tiebreakerSchema,
  },
  /** A member playing in the group, until it locks (409 after). */
  answer: {
    method: 'PUT',
    path: '/api/groups/:id/rounds/:roundId/tiebreaker/answer',
    params: roundParamsSchema,
    body: tiebreakerValueInputSchema,
    response: tiebreakerSchema,
  },
} as const;
