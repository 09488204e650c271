import { z } from 'zod';

/** What the server's configuration tells every visitor, signed in or not. */
export const publicConfigSchema = z.object({
  /** The external donation page (product rules §1), or null to hide Donate everywhere. */
  donateUrl: z.url({ protocol: /^https?$/ }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const configContract = {
  publicConfig: {
    method: 'GET',
    path: '/api/config',
    response: publicConfigSchema,
  },
} as const;
