import type { FastifyReply } from 'fastify';

/**
 * Sends a large answer that typed code built to the contract's own type (its zod schema's
 * output) as JSON text, so the contract's serializer does not walk it a second time: on a
 * 1,000-row leaderboard that walk cost more than the query (decision 0024). For answers of
 * a few rows the serializer's check is worth its cost; keep it there.
 */
export function sendJsonText<Answer>(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
}
