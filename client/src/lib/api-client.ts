import { apiErrorSchema, type ApiErrorBody } from '@shared/contract/errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A non-ok answer. The message follows spec §8 (`${status}: ${text}`) so it can go
 * straight into a toast; `fieldErrors` lets forms put the server's words under a field.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The `{message, fieldErrors?}` body when the server sent one, else null. */
  readonly body: ApiErrorBody | null;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, text: string, body: ApiErrorBody | null) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
    this.fieldErrors = body?.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The one way the client talks to the API. Identity travels only in the HttpOnly
 * session cookie, so no user header is ever added here. Answers are `unknown`:
 * each fetcher parses them with the schema from shared/contract.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<unknown> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });

  const text = await response.text();

  if (!response.ok) {
    const errorBody = parseErrorBody(text);
    throw new ApiError(
      response.status,
      errorBody?.message || text || response.statusText,
      errorBody,
    );
  }

  if (response.status === 204 || text === '') return undefined;
  return JSON.parse(text) as unknown;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = apiErrorSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  // A body with a usable message but odd extras still gives the user the server's words.
  const messageOnly = apiErrorSchema.pick({ message: true }).safeParse(json);
  return messageOnly.success ? messageOnly.data : null;
}

// The fetchers fill contract paths with the same function as every other caller.
export { pathFor } from '@shared/contract/path';
