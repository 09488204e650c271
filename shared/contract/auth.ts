import { z } from 'zod';
import { loginInputSchema, registerInputSchema } from '../domain/account-rules';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userEnvelopeSchema = z.object({ user: userSchema });

export const authContract = {
  register: {
    method: 'POST',
    path: '/api/auth/register',
    body: registerInputSchema,
    response: userEnvelopeSchema,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    body: loginInputSchema,
    response: userEnvelopeSchema,
  },
  logout: { method: 'POST', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me', response: userEnvelopeSchema },
} as const;
