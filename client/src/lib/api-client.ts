import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/contract/errors';
import { pathFor } from '@shared/contract/path';
import { parseAnswer } from './answer-parser';
import { discardEarlyResponses, takeEarlyResponse } from './early-responses';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The message is the server's words alone (product rules §8), ready for a toast; the status
 * is for the log; `fieldErrors` puts the server's words under a form's fields.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, text: string, body: ApiErrorBody | null) {
    super(text);
    this.status = status;
    this.body = body;
    this.fieldErrors = body?.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** With the status, which people are not shown. */
export function describeRefusal(error: ApiError): string {
  return `${error.status}: ${error.message}`;
}
/**
 * Identity travels only in the HttpOnly session cookie. Answers are `unknown`: each fetcher
 * parses them with its contract schema.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<unknown> {
  return (await send(method, url, body)).answer;
}

async function send(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<{ answer: unknown; headers: Headers }> {
  const hasBody = body !== undefined;
  const ask = () =>
    fetch(url, {
      method,
      credentials: 'include',
      headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  // Early responses the page asked for before the app ran are stale after a write.
  if (method !== 'GET') discardEarlyResponses();
  const early = method === 'GET' ? takeEarlyResponse(url) : undefined;
  const response = await (early ? early.catch(ask) : ask());

  const text = await response.text();

  if (!response.ok) {
    const errorBody = await parseErrorBody(text);
    throw new ApiError(
      response.status,
      errorBody?.message || text || response.statusText,
      errorBody,
    );
  }

  const answer = response.status === 204 || text === '' ? undefined : (JSON.parse(text) as unknown);
  return { answer, headers: response.headers };
}

async function parseErrorBody(text: string): Promise<ApiErrorBody | null> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  // zod is not part of the landing's first paint.
  const { apiErrorSchema } = await import('@shared/contract/errors');
  const parsed = apiErrorSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const messageOnly = apiErrorSchema.pick({ message: true }).safeParse(json);
  return messageOnly.success ? messageOnly.data : null;
}

export interface ClientContract {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

type Field<Schema, Name extends string, Value> = Schema extends z.ZodType
  ? undefined extends Value
    ? { [Key in Name]?: Value }
    : { [Key in Name]: Value }
  : { [Key in Name]?: never };

/** A body may hold the schema's parsed values (a form's output): JSON turns a Date into its ISO string. */
export type CallInput<Contract extends ClientContract> = Field<
  Contract['params'],
  'params',
  Record<keyof z.input<NonNullable<Contract['params']>>, string | number>
> &
  Partial<Field<Contract['querystring'], 'query', z.input<NonNullable<Contract['querystring']>>>> &
  Field<
    Contract['body'],
    'body',
    z.input<NonNullable<Contract['body']>> | z.output<NonNullable<Contract['body']>>
  >;

export type CallOutput<Contract extends ClientContract> = Contract['response'] extends z.ZodType
  ? z.output<Contract['response']>
  : void;

/**
 * Calls the route a contract entry describes and parses the answer with its response
 * schema, so a fetcher cannot drift from the route the server registers from the same entry.
 */
export async function callApi<Contract extends ClientContract>(
  contract: Contract,
  ...[input]: object extends CallInput<Contract>
    ? [input?: CallInput<Contract>]
    : [input: CallInput<Contract>]
): Promise<CallOutput<Contract>> {
  return (await sendCall(contract, input)).data;
}

/** The whole list's size comes in `X-Total-Count` (the body keeps the spec's plain array). */
export async function callApiWithTotal<Contract extends ClientContract>(
  contract: Contract,
  ...[input]: object extends CallInput<Contract>
    ? [input?: CallInput<Contract>]
    : [input: CallInput<Contract>]
): Promise<{ data: CallOutput<Contract>; total: number }> {
  const { data, headers } = await sendCall(contract, input);
  const header = headers.get('x-total-count');
  const total = Number(header);
  if (header === null || header === '' || !Number.isInteger(total) || total < 0) {
    throw new Error(`${contract.path} answered without a usable X-Total-Count`);
  }
  return { data, total };
}

async function sendCall<Contract extends ClientContract>(
  contract: Contract,
  input: CallInput<Contract> | undefined,
): Promise<{ data: CallOutput<Contract>; headers: Headers }> {
  const { body } = (input ?? {}) as { body?: unknown };
  const { answer, headers } = await send(contract.method, urlFrom(contract.path, input), body);
  const data = (
    contract.response ? parseAnswer(contract.response, answer) : undefined
  ) as CallOutput<Contract>;
  return { data, headers };
}

/** For a caller that cannot use fetch (an EventSource). */
export function urlOf<Contract extends ClientContract>(
  contract: Contract,
  input: Omit<CallInput<Contract>, 'body'>,
): string {
  return urlFrom(contract.path, input);
}

function urlFrom(path: string, input: object | undefined): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryValues;
  };
  return `${pathFor(path, params ?? {})}${queryString(query)}`;
}

type QueryValues = Record<string, string | number | boolean | null | undefined>;

function queryString(query: QueryValues | undefined): string {
  const entries = Object.entries(query ?? {}).flatMap(([name, value]) =>
    value === undefined || value === null || value === '' ? [] : [[name, String(value)]],
  );
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}
