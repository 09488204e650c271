import { z } from 'zod';

export const healthContract = {
  health: {
    method: 'GET',
    path: '/api/health',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  },
} as const;
