import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';

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
      const field = findNul(value);
      if (field !== undefined) {
        const name = field || part;
        throw badRequest('Text cannot contain NUL characters', {
          [name]: ['Text cannot contain NUL characters'],
        });
      }
    }
  });
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

/**
 * Walks with its own stack and builds a path only for the string it reports, so a hostile
 * body costs time in proportion to its size and cannot overflow the call stack.
 */
export function findNul(root: unknown): string | undefined {
  const stack: Visit[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value } = visit;
    if (visit.key.includes('\u0000')) return pathOf(visit);
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      // Pushed in reverse so the first field is looked at first.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) {
    keys.push(at.key.replaceAll('\u0000', ''));
  }
  return keys.reverse().join('.');
}
