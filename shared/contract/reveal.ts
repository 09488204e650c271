import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { propIdParamsSchema } from './props';

export const PICKS_HIDDEN_UNTIL_LOCK = 'Picks stay hidden until the prop locks';

export const propPickSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  selectedOption: z.string(),
  /** Revealed with the pick (product rules §10 'Confidence and lock'). */
  confidence: z.number().int().nullable(),
  isLock: z.boolean(),
});
export type PropPick = z.infer<typeof propPickSchema>;

const memberNameSchema = z.object({ userId: z.number().int(), displayName: z.string() });
export type MemberName = z.infer<typeof memberNameSchema>;

/** Never what. */
export const pickersSchema = z.object({
  picked: z.array(memberNameSchema),
  notPicked: z.array(memberNameSchema),
});
export type Pickers = z.infer<typeof pickersSchema>;

export const unpickedMemberSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  unpicked: z.number().int(),
  /** null when none has a lock time (a leader's lock). */
  nextLockAt: z.string().nullable(),
});
export type UnpickedMember = z.infer<typeof unpickedMemberSchema>;

export const revealContract = {
  picks: {
    method: 'GET',
    path: '/api/predictions/:id/picks',
    params: propIdParamsSchema,
    response: z.array(propPickSchema),
  },
  pickers: {
    method: 'GET',
    path: '/api/predictions/:id/pickers',
    params: propIdParamsSchema,
    response: pickersSchema,
  },
  unpicked: {
    method: 'GET',
    path: '/api/groups/:id/unpicked',
    params: groupIdParamsSchema,
    response: z.array(unpickedMemberSchema),
  },
} as const;
