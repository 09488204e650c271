import { z } from 'zod';
import { EMAIL_CODE_PATTERN, EMAIL_KINDS } from '../domain/nudges';
import { userIdParamsSchema } from './users';

export const EMAIL_OFF = 'E-mail is not set up on this server';

export const emailInputSchema = z.object({
  email: z
    .email({ error: 'Enter a valid e-mail address' })
    .max(254, { error: 'That e-mail address is too long' }),
});

export const emailCodeInputSchema = z.object({
  code: z
    .string({ error: 'Enter the six-digit code' })
    .trim()
    .regex(EMAIL_CODE_PATTERN, { error: 'Enter the six-digit code' }),
});

export const emailAddressSchema = z
  .object({
    address: z.string(),
    /** failing: the mail server refused it for good. */
    status: z.enum(['unverified', 'verified', 'failing']),
    failure: z.string().nullable(),
  })
  .nullable();
export type EmailAddress = z.infer<typeof emailAddressSchema>;

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'This unsubscribe link is not valid' }).max(200),
});

export const unsubscribeAnswerSchema = z.object({
  kind: z.enum(EMAIL_KINDS),
  message: z.string(),
});

export const mailContract = {
  address: {
    method: 'GET',
    path: '/api/users/:id/email',
    params: userIdParamsSchema,
    response: emailAddressSchema,
  },
  setAddress: {
    method: 'PUT',
    path: '/api/users/:id/email',
    params: userIdParamsSchema,
    body: emailInputSchema,
    response: emailAddressSchema,
  },
  verify: {
    method: 'POST',
    path: '/api/users/:id/email/verify',
    params: userIdParamsSchema,
    body: emailCodeInputSchema,
    response: emailAddressSchema,
  },
  removeAddress: {
    method: 'DELETE',
    path: '/api/users/:id/email',
    params: userIdParamsSchema,
  },
  /** RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` here. */
  unsubscribe: {
    method: 'POST',
    path: '/api/unsubscribe',
    querystring: unsubscribeQuerySchema,
    response: unsubscribeAnswerSchema,
  },
  unsubscribeByLink: {
    method: 'GET',
    path: '/api/unsubscribe',
    querystring: unsubscribeQuerySchema,
    response: unsubscribeAnswerSchema,
  },
} as const;
