const UNIQUE_VIOLATION = '23505';

/**
 * The unique constraint a failed statement ran into ('' when the driver did not name it),
 * or undefined when that is not why it failed. Drizzle wraps the driver's error, so the
 * code may sit on the error or on its cause.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  for (const candidate of [error, cause]) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const { code, constraint } = candidate as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return violatedUniqueConstraint(error) !== undefined;
}
