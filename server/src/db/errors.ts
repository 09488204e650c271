const UNIQUE_VIOLATION = '23505';

/**
 * '' when the driver did not name it; undefined when that is not why it failed. Drizzle
 * wraps the driver's error, so the code may sit on its cause.
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

// Drizzle wraps the driver's error (`cause`), so the checks look along the chain.

function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function databaseErrorCode(error: unknown): string | undefined {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string') return link.code;
  }
  return undefined;
}

// "The database cannot serve now", not "this request is wrong": connection exceptions (08),
// shutting down or starting (57P0x), too many connections, timeouts and cancels.
const UNAVAILABLE_CODES = new Set([
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
];

/** Worth a 503 and a retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((fragment) => message.includes(fragment))) return true;
  }
  return false;
}

/** Serialization failure or deadlock: retrying will work. */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code === '40001' || code === '40P01';
}

/** Deleted by a concurrent request. */
export function isForeignKeyViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23503';
}

/** The net under input validation: a value PostgreSQL refused as data. */
export function isDataException(error: unknown): boolean {
  return databaseErrorCode(error)?.startsWith('22') ?? false;
}
