import type { z } from 'zod';
import { invalidInput } from './errors';

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
  throw invalidInput(
    parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || part,
      message: issue.message,
    })),
  );
}
