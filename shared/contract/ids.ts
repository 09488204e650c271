import { z } from 'zod';

/** The largest id a PostgreSQL serial column holds; a bigger number names nothing. */
export const MAX_SERIAL = 2_147_483_647;

/** Whether a value can be a database id at all (so no query is made for one that cannot). */
export function isSerialId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SERIAL;
}

/**
 * A database id in a path, query or body. Anything else reads as "no such thing", with the
 * caller's message (e.g. 'Group not found'), never as a server error.
 */
export const idSchema = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_SERIAL, { error: message });

/** The same rule for a value that is already a number (e.g. after a coercion of its own). */
export const serialIdNumber = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_SERIAL, { error: message });
