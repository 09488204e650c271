import { z } from 'zod';

export const publicConfigSchema = z.object({
  /** Product rules §1; null hides Donate everywhere. */
  donateUrl: z.url({ protocol: /^https?$/ }).nullable(),
  /** SMTP_URL is set: Settings offers an address only then. */
  email: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const configContract = {
  publicConfig: {
    method: 'GET',
    path: '/api/config',
    response: publicConfigSchema,
  },
} as const;
