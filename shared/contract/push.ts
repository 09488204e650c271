import { z } from 'zod';
import { REMINDER_LEAD_MINUTES } from '../domain/push-notifications';
import { idSchema } from './ids';
import { userIdParamsSchema } from './users';

/** No padding, as browsers give subscription keys. */
const base64UrlKey = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: message })
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, {
      error: message,
    });

const endpointSchema = z
  .url({ protocol: /^https$/, error: 'The push endpoint must be an https address' })
  .max(2048, { error: 'The push endpoint is too long' });

export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291).
      p256dh: base64UrlKey(65, 'keys.p256dh must be the base64url P-256 public key (65 bytes)'),
      auth: base64UrlKey(16, 'keys.auth must be the base64url 16-byte secret'),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
  expirationTime: z.number().nullish(),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

export const removeSubscriptionInputSchema = z.object({ endpoint: endpointSchema });

/** The endpoint (a capability URL) is never sent back. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

const LEAD_CHOICES = `Reminder times must be among ${REMINDER_LEAD_MINUTES.join(', ')} minutes`;

const leadMinutesSchema = z.array(
  z.union(
    REMINDER_LEAD_MINUTES.map((lead) => z.literal(lead)),
    { error: LEAD_CHOICES },
  ),
  { error: LEAD_CHOICES },
);

export const notificationSettingsSchema = z.object({
  reminders: z.boolean({ error: 'reminders must be true or false' }),
  leadMinutes: leadMinutesSchema,
  recaps: z.boolean({ error: 'recaps must be true or false' }),
  /** To a verified address. */
  email: z.boolean({ error: 'email must be true or false' }),
  nudges: z.boolean({ error: 'nudges must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const REMINDERS_NEED_A_TIME = 'Choose at least one reminder time, or turn reminders off';

/** Reminders on need one lead time; `email` and `nudges` left out keep their values. */
export const notificationSettingsInputSchema = notificationSettingsSchema
  .extend({
    leadMinutes: leadMinutesSchema.transform((leads) => [...new Set(leads)].sort((a, b) => a - b)),
    email: notificationSettingsSchema.shape.email.optional(),
    nudges: notificationSettingsSchema.shape.nudges.optional(),
  })
  .superRefine((settings, context) => {
    if (settings.reminders && settings.leadMinutes.length === 0) {
      context.addIssue({ code: 'custom', path: ['leadMinutes'], message: REMINDERS_NEED_A_TIME });
    }
  });

export const pushContract = {
  publicKey: {
    method: 'GET',
    path: '/api/push/public-key',
    response: z.object({ publicKey: z.string() }),
  },
  subscribe: {
    method: 'POST',
    path: '/api/push/subscriptions',
    body: pushSubscriptionInputSchema,
    response: pushDeviceSchema,
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    body: removeSubscriptionInputSchema,
  },
  devices: {
    method: 'GET',
    path: '/api/push/subscriptions',
    response: z.array(pushDeviceSchema),
  },
  removeDevice: {
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    params: z.object({ id: idSchema('Device not found') }),
  },
  settings: {
    method: 'GET',
    path: '/api/users/:id/notifications',
    params: userIdParamsSchema,
    response: notificationSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/users/:id/notifications',
    params: userIdParamsSchema,
    body: notificationSettingsInputSchema,
    response: notificationSettingsSchema,
  },
} as const;
