import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isDataException,
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isTransientConflict,
} from '../db/errors';
import type { DatabaseOutage } from '../http/database-outage';
import { HttpError, invalidInput } from '../http/errors';

/** Seconds a client (or a load balancer) should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;
export const SERVICE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';

interface Issue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: { keys?: unknown };
}

/**
 * The one place errors become answers: invalid input 400 `{message, fieldErrors}`;
 * HttpError its status and message; Fastify's client errors their 4xx; the database
 * unreachable or slow 503 with Retry-After (counted by the outage monitor); a write racing a
 * deletion or colliding with another 409; a value PostgreSQL refuses 400; anything else a
 * logged, generic 500.
 */
export function registerErrorHandler(app: FastifyInstance, outage: DatabaseOutage) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = hasZodFastifySchemaValidationErrors(error)
      ? invalidInput(problemsOf(error.validation, error.validationContext))
      : error;
    if (refusal instanceof HttpError) {
      return reply
        .status(refusal.statusCode)
        .send(
          refusal.fieldErrors
            ? { message: refusal.message, fieldErrors: refusal.fieldErrors }
            : { message: refusal.message },
        );
    }
    if (isDatabaseUnavailable(error)) {
      outage.recordFailure(error, request.id);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: SERVICE_UNAVAILABLE });
    }
    if (isTransientConflict(error)) {
      return reply
        .status(409)
        .send({ message: 'Someone changed this at the same moment. Please try again.' });
    }
    if (isForeignKeyViolation(error)) {
      return reply.status(409).send({
        message: 'Something this refers to was removed meanwhile. Reload and try again.',
      });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'a value reached the database unchecked');
      return reply.status(400).send({ message: 'A value in the request is out of range' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientErrorMessage(error) });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    if (status === 503) {
      return reply.status(503).header('retry-after', '1').send({ message: SERVICE_UNAVAILABLE });
    }
    return reply.status(500).send({ message: `Something went wrong (request ${request.id})` });
  });
}

function* problemsOf(
  issues: Issue[],
  part = 'body',
): Generator<{ field: string; message: string }> {
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params?.keys : undefined;
    if (Array.isArray(unknownKeys)) {
      // A strict schema refuses fields it does not know; name them.
      for (const key of unknownKeys) {
        yield {
          field: [field, String(key)].filter(Boolean).join('.'),
          message: issue.message ?? `Unknown field '${String(key)}'`,
        };
      }
      continue;
    }
    yield field
      ? { field, message: issue.message ?? 'Invalid value' }
      : { field: part, message: `The request ${part} is not in the expected shape` };
  }
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.message;
  }
}
