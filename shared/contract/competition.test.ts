import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  amountCentsSchema,
  dropWorstRoundsSchema,
  payoutSplitSchema,
  scoringModeSchema,
  tiebreakerValueSchema,
} from './competition';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the competition inputs', () => {
  it.each<[string, z.ZodType, unknown, string | null]>([
    ['scoring', scoringModeSchema, 'confidence', null],
    ['scoring', scoringModeSchema, 'points', "Scoring must be 'standard', 'confidence' or 'lock'"],
    ['dropped rounds', dropWorstRoundsSchema, 0, null],
    ['dropped rounds', dropWorstRoundsSchema, 4, null],
    [
      'dropped rounds',
      dropWorstRoundsSchema,
      5,
      'Dropped rounds must be a whole number from 0 to 4',
    ],
    [
      'dropped rounds',
      dropWorstRoundsSchema,
      1.5,
      'Dropped rounds must be a whole number from 0 to 4',
    ],
    ['amount', amountCentsSchema, 2000, null],
    ['amount', amountCentsSchema, 19.99, 'Amounts are whole cents'],
    ['amount', amountCentsSchema, -1, 'An amount cannot be negative'],
    ['amount', amountCentsSchema, 10_000_001, 'An amount can be at most $100,000.00'],
    ['split', payoutSplitSchema, [70, 30], null],
    [
      'split',
      payoutSplitSchema,
      [70, 20],
      "The places' shares must add up to 100% (they add up to 90%).",
    ],
    [
      'split',
      payoutSplitSchema,
      [50, '50'],
      "Each place's share must be a whole percentage from 1 to 100.",
    ],
    [
      'split',
      payoutSplitSchema,
      '70/30',
      'The payout split is a list of percentages, first place first',
    ],
    ['tiebreaker', tiebreakerValueSchema, 47, null],
    ['tiebreaker', tiebreakerValueSchema, 1000, 'The answer must be a whole number from 0 to 999'],
    ['tiebreaker', tiebreakerValueSchema, '47', 'The answer must be a whole number from 0 to 999'],
  ])('%s %j', (_name, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });
});
