import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * PostgreSQL text cannot hold the NUL character, so a string carrying one would fail deep
 * in a query as a 500. No real input has one: refuse it up front, for every route.
 */
export function registerRejectNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = findNul(value, []);
      if (field !== undefined) {
        const name = field || part;
        throw badRequest('Text cannot contain NUL characters', {
          [name]: ['Text cannot contain NUL characters'],
        });
      }
    }
  });
}

/** The dotted path of the first string holding a NUL, or undefined. */
function findNul(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = findNul(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
