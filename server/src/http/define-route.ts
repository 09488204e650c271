import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import type { z } from 'zod';
import {
  sendAnswer,
  sendCached,
  type AnswerCache,
  type AnswerRoute,
  type JsonText,
} from './answer';
import { readsSession, type Guard } from './guards';

export interface RouteContract {
  method: HTTPMethods;
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** For a stream: the data of each event. */
  response?: z.ZodType;
  /** By status, besides success and the error handler's `{message}` (health's 503). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  summary?: string;
  description?: string;
  /** When it is not JSON (an event stream). */
  produces?: readonly string[];
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export type ContractRequest<Contract extends RouteContract> = FastifyRequest<{
  Params: Parsed<Contract['params']>;
  Querystring: Parsed<Contract['querystring']>;
  Body: Parsed<Contract['body']>;
}>;

type Answer<Contract extends RouteContract> = Contract['response'] extends z.ZodType
  ? z.input<Contract['response']>
  : void;

type SuccessStatus = 200 | 201 | 202 | 204;

export interface RouteDefinition<Contract extends RouteContract> {
  /** Run before the input is read; every /api route names guards or 'public' (app.ts checks). */
  guard: Guard | readonly Guard[] | 'public';
  /** A guard that needs the validated input (a group named in the body). */
  inputGuard?: Guard<ContractRequest<Contract>>;
  /**
   * Default 200. A route with two (a pick created or replaced) lists both, the first being
   * the default; its handler sets the other with `reply.status()`.
   */
  status?: SuccessStatus | readonly [SuccessStatus, ...SuccessStatus[]];
  config?: Omit<FastifyContextConfig, 'public'>;
  /** 'typed': sent as `JSON.stringify` of the typed answer, without the serializer's second walk. */
  encode?: AnswerRoute<ContractRequest<Contract>>['encode'];
  /** A GET whose answer can be named before it is built: a repeat costs a 304 or the kept bytes. */
  cache?: AnswerCache<ContractRequest<Contract>>;
  cacheControl?: string;
  /** A handler that answers by itself (an `otherResponses` status, a hijacked stream) returns the reply. */
  handler: (
    request: ContractRequest<Contract>,
    reply: FastifyReply,
  ) => Promise<Answer<Contract> | JsonText<Answer<Contract>> | FastifyReply>;
}

/** Method, path and schemas come from `shared/contract`, so the route cannot drift from it. */
export function defineRoute<Contract extends RouteContract>(
  app: FastifyInstance,
  contract: Contract,
  route: RouteDefinition<Contract>,
): void {
  const successStatuses: readonly SuccessStatus[] = [route.status ?? 200].flat();
  const status = successStatuses[0] ?? 200;
  const answers: AnswerRoute<ContractRequest<Contract>> = {
    id: `${contract.method} ${contract.path}`,
    response: contract.response,
    encode: route.encode ?? 'contract',
    cache: route.cache,
  };
  const { cache } = route;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.summary && { summary: contract.summary }),
      ...(contract.description && { description: contract.description }),
      ...(contract.produces && { produces: [...contract.produces] }),
      ...(contract.params && { params: contract.params }),
      ...(contract.querystring && { querystring: contract.querystring }),
      ...(contract.body && { body: contract.body }),
      ...((contract.response || contract.otherResponses) && {
        response: {
          ...(contract.response &&
            Object.fromEntries(successStatuses.map((code) => [code, contract.response]))),
          ...contract.otherResponses,
        },
      }),
    },
    ...(route.guard === 'public'
      ? { config: { ...route.config, public: true } }
      : {
          onRequest: [route.guard].flat(),
          config: {
            ...route.config,
            // A guard that reads the session with what it checks: the session hook leaves it alone.
            sessionReadByGuard: [route.guard].flat().findIndex(readsSession) === 0,
          },
        }),
    // Runs after the contract's validation, so the request is the contract's.
    ...(route.inputGuard && { preHandler: [route.inputGuard as Guard] }),
    handler: async (request, reply) => {
      void reply.status(status);
      if (route.cacheControl) void reply.header('cache-control', route.cacheControl);
      const input = request as ContractRequest<Contract>;
      const name = await cache?.name(input);
      if (cache && name) {
        return sendCached({ ...answers, cache }, name, request, reply, () =>
          route.handler(input, reply),
        );
      }
      const answer = await route.handler(input, reply);
      if (reply.sent || answer === reply) return reply;
      if (!successStatuses.some((code) => code === reply.statusCode)) void reply.status(status);
      return sendAnswer(answers, reply, answer);
    },
  });
}
