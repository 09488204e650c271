import { z } from 'zod';

export const MAX_SERIAL = 2_147_483_647;

export function isSerialId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SERIAL;
}

/** Anything else reads as "no such thing" with the caller's message, never as a server error. */
export const idSchema = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_SERIAL, { error: message });

export const serialIdNumber = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_SERIAL, { error: message });
