import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Validates input a route could not hand to Fastify's validator (a body whose shape
 * depends on what it carries), answering exactly like the error handler does for schema
 * failures: 400 `{message, fieldErrors}`, message being the first problem found.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  part = 'body',
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || part;
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request';
  throw badRequest(first, fieldErrors);
}
