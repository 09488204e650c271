import { z } from 'zod';
import { serialIdNumber } from './ids';
import { groupIdParamsSchema } from './groups';

export const nudgeInputSchema = z.object({ userId: serialIdNumber('Member not found') });

export const nudgesContract = {
  /** 202 sent; 429 nudged less than six hours ago; 409 nothing to nudge about. */
  send: {
    method: 'POST',
    path: '/api/groups/:id/nudges',
    params: groupIdParamsSchema,
    body: nudgeInputSchema,
    response: z.object({ message: z.string() }),
  },
} as const;
