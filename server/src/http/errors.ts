/**
 * A refusal the product meant to give: it becomes `{message}` with its status code.
 * Anything else that escapes a handler is a bug and answers a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, message, fieldErrors);
/**
 * Invalid input, whoever found it (the route's schema or a handler's own parse): 400
 * `{message, fieldErrors}`, each field with its problems, the message being the first.
 */
export function invalidInput(problems: Iterable<{ field: string; message: string }>): HttpError {
  const fieldErrors: Record<string, string[]> = {};
  for (const { field, message } of problems) (fieldErrors[field] ??= []).push(message);
  return badRequest(Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request', fieldErrors);
}

export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
/** Something the server depends on (the operator's spreadsheet) failed; not our bug. */
export const badGateway = (message: string) => new HttpError(502, message);
