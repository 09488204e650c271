import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import type { z } from 'zod';
import type { Guard } from './guards';

/** An entry of a `shared/contract` file: what the route is and what it takes and gives. */
export interface RouteContract {
  method: HTTPMethods;
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
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

export interface RouteDefinition<Contract extends RouteContract> {
  /**
   * Who may call it: guards that run before the input is read, or 'public'. Every /api
   * route says one or the other (app.ts refuses to build otherwise).
   */
  guard: Guard | readonly Guard[] | 'public';
  /** A guard that needs the validated input (a group named in the body), run after it. */
  inputGuard?: Guard<ContractRequest<Contract>>;
  /** The success status; the contract's response schema serializes it. Default 200. */
  status?: 200 | 201 | 204;
  /** Route options beside access (rate limits). */
  config?: Omit<FastifyContextConfig, 'public'>;
  handler: (
    request: ContractRequest<Contract>,
    reply: FastifyReply,
  ) => Promise<Answer<Contract>>;
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
  const status = route.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params && { params: contract.params }),
      ...(contract.querystring && { querystring: contract.querystring }),
      ...(contract.body && { body: contract.body }),
      ...(contract.response && { response: { [status]: contract.response } }),
    },
    ...(route.guard === 'public'
      ? { config: { ...route.config, public: true } }
      : { onRequest: [route.guard].flat(), config: route.config }),
    // Fastify types hooks for any request; this one runs after the contract's validation,
    // so the request it gets is the contract's.
    ...(route.inputGuard && { preHandler: [route.inputGuard as Guard] }),
    handler: async (request, reply) => {
      // The contract's schemas validated params, query and body before this runs.
      const answer = await route.handler(request as ContractRequest<Contract>, reply);
      if (reply.sent) return reply;
      return reply.status(status).send(answer);
    },
  });
}
