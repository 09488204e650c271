import { z } from 'zod';
import { groupIdParamsSchema } from './groups';
import { propIdParamsSchema } from './props';

/** The reveal and who has picked (decision 0017; rules in shared/domain/reveal.ts). */

export const PICKS_HIDDEN_UNTIL_LOCK = 'Picks stay hidden until the prop locks';

/** GET /api/predictions/:id/picks, once the prop is locked: who picked what. */
export const propPickSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  selectedOption: z.string(),
});
export type PropPick = z.infer<typeof propPickSchema>;

const memberNameSchema = z.object({ userId: z.number().int(), displayName: z.string() });
export type MemberName = z.infer<typeof memberNameSchema>;

/** GET /api/predictions/:id/pickers: who has picked and who has not (never what). */
export const pickersSchema = z.object({
  picked: z.array(memberNameSchema),
  notPicked: z.array(memberNameSchema),
});
export type Pickers = z.infer<typeof pickersSchema>;

/** GET /api/groups/:id/unpicked (leader): members with open props still unpicked. */
export const unpickedMemberSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  /** Open props they have not picked. */
  unpicked: z.number().int(),
  /** When the first of those locks; null when none has a lock time (a leader's lock). */
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
