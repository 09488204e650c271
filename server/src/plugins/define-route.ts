import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import type { z } from 'zod';
import { readsSession, type Guard } from './guards';

/** An entry of a `shared/contract` file: what the route is and what it takes and gives. */
export interface RouteContract {
  method: HTTPMethods;
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (for a stream: the data of each event). */
  response?: z.ZodType;
  /** Answers other than success and the error handler's `{message}`, by status (health's 503). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /** For the OpenAPI document, when the path and schemas do not say enough. */
  summary?: string;
  description?: string;
  /** Media types of the answer when it is not JSON (an event stream). */
  produces?: readonly string[];
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The request a handler of `Contract` sees: its params, query and body as validated. */
export type ContractRequest<Contract extends RouteContract> = FastifyRequest<{
  Params: Parsed<Contract['params']>;
  Querystring: Parsed<Contract['querystring']>;
  Body: Parsed<Contract['body']>;
}>;

type Answer<Contract extends RouteContract> = Contract['response'] extends z.ZodType
  ? z.input<Contract['response']>
  : void;

type SuccessStatus = 200 | 201 | 204;

export interface RouteDefinition<Contract extends RouteContract> {
  /**
   * Who may call it: guards that run before the input is read, or 'public'. Every /api
   * route says one or the other (app.ts refuses to build otherwise).
   */
  guard: Guard | readonly Guard[] | 'public';
  /** A guard that needs the validated input (a group named in the body), run after it. */
  inputGuard?: Guard<ContractRequest<Contract>>;
  /**
   * The success status; the contract's response schema serializes it. Default 200. A
   * route with two (a pick created or replaced) lists both, the first being the default,
   * and its handler sets the other with `reply.status()`.
   */
  status?: SuccessStatus | readonly [SuccessStatus, ...SuccessStatus[]];
  /** Route options beside access (rate limits). */
  config?: Omit<FastifyContextConfig, 'public'>;
  /**
   * Returns the answer, which defineRoute sends with the success status. A handler that
   * answers by itself (one of the contract's `otherResponses`, or a hijacked stream)
   * returns the reply instead.
   */
  handler: (
    request: ContractRequest<Contract>,
    reply: FastifyReply,
  ) => Promise<Answer<Contract> | FastifyReply>;
}

/**
 * Registers a route from its contract: method, path and schemas come from `shared/contract`
 * (the validator, the serializer and the OpenAPI document), so the route cannot drift from
 * it, and the handler's request and answer are typed from the same schemas.
 */
export function defineRoute<Contract extends RouteContract>(
  app: FastifyInstance,
  contract: Contract,
  route: RouteDefinition<Contract>,
): void {
  const successStatuses: readonly SuccessStatus[] = [route.status ?? 200].flat();
  const status = successStatuses[0] ?? 200;
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
            // A guard that reads the session with what it checks, in one statement (a group
            // route's membership, the home cards' stamp): the session hook leaves it alone.
            sessionReadByGuard: [route.guard].flat().findIndex(readsSession) === 0,
          },
        }),
    // Fastify types hooks for any request; this one runs after the contract's validation,
    // so the request it gets is the contract's.
    ...(route.inputGuard && { preHandler: [route.inputGuard as Guard] }),
    handler: async (request, reply) => {
      // The handler may choose another of the success statuses; anything else is the default.
      void reply.status(status);
      // The contract's schemas validated params, query and body before this runs.
      const answer = await route.handler(request as ContractRequest<Contract>, reply);
      if (reply.sent || answer === reply) return reply;
      if (!successStatuses.some((code) => code === reply.statusCode)) void reply.status(status);
      return reply.send(answer);
    },
  });
}
