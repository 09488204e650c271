import { z } from 'zod';

const readySchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const notReadySchema = z.object({
  status: z.literal('unavailable'),
  database: z.literal('unavailable'),
  message: z.string(),
});

/**
 * Liveness: the event loop answers (restart it when this fails). Readiness: the database
 * answers (send traffic only while this succeeds).
 */
export const healthContract = {
  live: {
    method: 'GET',
    path: '/api/health/live',
    response: z.object({ status: z.literal('ok') }),
  },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
    response: readySchema,
    otherResponses: { 503: notReadySchema },
  },
  /** The readiness check under its older name. */
  health: {
    method: 'GET',
    path: '/api/health',
    response: readySchema,
    otherResponses: { 503: notReadySchema },
  },
} as const;
