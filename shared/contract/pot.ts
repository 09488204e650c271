import { z } from 'zod';
import { amountCentsSchema, payoutSplitSchema } from './competition';
import { groupIdParamsSchema, settingsObject } from './groups';

/**
 * The pot of product rules §10 'Pot': the leader's settings and what they come to as the
 * season board stands. Every amount is whole cents; the client shows dollars.
 */

export const POT_SETTINGS = ['entryCents', 'weeklyPrizeCents', 'payoutSplit'] as const;

export const updatePotInputSchema = settingsObject(
  {
    entryCents: amountCentsSchema.optional(),
    weeklyPrizeCents: amountCentsSchema.optional(),
    payoutSplit: payoutSplitSchema.optional(),
  },
  'pot settings',
  POT_SETTINGS,
);
export type UpdatePotInput = z.input<typeof updatePotInputSchema>;

export const POT_NEEDS_PAYMENT_TRACKING =
  'Payment tracking is off for this group. Turn it on in the group settings first.';

const memberSchema = z.object({ id: z.number().int(), displayName: z.string() });
/** A recorded winner; the id is null once their account is deleted. */
const winnerSchema = z.object({ userId: z.number().int().nullable(), displayName: z.string() });

export const potSchema = z.object({
  /** False: the group does not track payment, nobody counts as paid and the pot is 0. */
  trackPaymentStatus: z.boolean(),
  entryCents: z.number().int(),
  weeklyPrizeCents: z.number().int(),
  /** Percent per paid place, first place first. */
  payoutSplit: z.array(z.number().int()),
  /** Contestants marked paid (the count only: who paid stays between them and the leader). */
  paidMembers: z.number().int(),
  /** entryCents × paidMembers. */
  potCents: z.number().int(),
  /** The weekly prizes won so far, paid from the pot. */
  weeklyPrizesCents: z.number().int(),
  /** What the season's places share: the pot less the weekly prizes won, never below 0. */
  seasonPoolCents: z.number().int(),
  /** Each paid place's amount of the season pool, first place first. */
  places: z.array(
    z.object({
      place: z.number().int(),
      sharePercent: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
  /** Each completed round's prize and who won it; empty while no round has completed. */
  weeklyPrizes: z.array(
    z.object({
      roundId: z.number().int(),
      label: z.string(),
      winners: z.array(winnerSchema.extend({ cents: z.number().int() })),
    }),
  ),
  /**
   * The projected payouts as the season board stands, best first: members tied at a place
   * share the places they cover evenly. Members who would get nothing are left out.
   */
  payouts: z.array(
    z.object({
      user: memberSchema,
      position: z.number().int(),
      payoutCents: z.number().int(),
    }),
  ),
});
export type Pot = z.infer<typeof potSchema>;

export const potContract = {
  pot: {
    method: 'GET',
    path: '/api/groups/:id/pot',
    params: groupIdParamsSchema,
    response: potSchema,
  },
  /** Leader; 409 while the group does not track payment. */
  updatePot: {
    method: 'PUT',
    path: '/api/groups/:id/pot',
    params: groupIdParamsSchema,
    body: updatePotInputSchema,
    response: potSchema,
  },
} as const;
