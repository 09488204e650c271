import { z } from 'zod';
import { MAX_DROPPED_ROUNDS } from '../domain/drop-worst';
import { payoutSplitProblem } from '../domain/pot';
import { SCORING_MODES } from '../domain/scoring-modes';
import { TIEBREAKER_MAX_ANSWER, TIEBREAKER_MIN_ANSWER } from '../domain/tiebreaker';

/**
 * The competition settings and answers of product rules §10, validated as the rules in
 * `shared/domain` define them; the routes that take them use these.
 */

export const scoringModeSchema = z.enum(SCORING_MODES, {
  error: "Scoring must be 'standard', 'confidence' or 'lock'",
});

const DROPPED_ROUNDS_RANGE = `Dropped rounds must be a whole number from 0 to ${MAX_DROPPED_ROUNDS}`;
export const dropWorstRoundsSchema = z
  .number({ error: DROPPED_ROUNDS_RANGE })
  .int({ error: DROPPED_ROUNDS_RANGE })
  .min(0, { error: DROPPED_ROUNDS_RANGE })
  .max(MAX_DROPPED_ROUNDS, { error: DROPPED_ROUNDS_RANGE });

/** $100,000: more than any friends' pool, small enough that cents × members stays exact. */
export const MAX_AMOUNT_CENTS = 10_000_000;

/** An entry amount or a weekly prize, in whole cents. */
export const amountCentsSchema = z
  .number({ error: 'Amounts are whole cents' })
  .int({ error: 'Amounts are whole cents' })
  .min(0, { error: 'An amount cannot be negative' })
  .max(MAX_AMOUNT_CENTS, { error: 'An amount can be at most $100,000.00' });

/** Percent per place, first place first. */
export const payoutSplitSchema = z
  .array(z.number({ error: "Each place's share must be a whole percentage from 1 to 100." }), {
    error: 'The payout split is a list of percentages, first place first',
  })
  .superRefine((split, context) => {
    const problem = payoutSplitProblem(split);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const TIEBREAKER_RANGE = `The answer must be a whole number from ${TIEBREAKER_MIN_ANSWER} to ${TIEBREAKER_MAX_ANSWER}`;
export const tiebreakerValueSchema = z
  .number({ error: TIEBREAKER_RANGE })
  .int({ error: TIEBREAKER_RANGE })
  .min(TIEBREAKER_MIN_ANSWER, { error: TIEBREAKER_RANGE })
  .max(TIEBREAKER_MAX_ANSWER, { error: TIEBREAKER_RANGE });
