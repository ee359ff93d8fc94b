// route(app, descriptor, handler): registers a Fastify route from a shared endpoint descriptor, so method, path,
// input schemas, response schemas (errors included), docs and auth all come from the one contract and cannot drift.
import type { Endpoint } from '@reverie/shared';
import { ErrorResponse } from '@reverie/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';

type Parsed<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** The request as a handler sees it: params, query and body already validated and typed from the descriptor. */
export type RouteRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
};

/** A handler returns the success body (checked against the descriptor's response schema when sent). */
export type RouteHandler<E extends Endpoint> = (request: RouteRequest<E>, reply: FastifyReply) => Promise<z.input<E['response']>>;

export interface RouteOptions {
  /**
   * Runs first, before the body is validated or anything is looked up: the place for per-IP rate limits, so that
   * malformed requests count too.
   */
  onRequest?: onRequestHookHandler;
  /** Runs after authentication and the CSRF check, before the handler. */
  preHandler?: preHandlerHookHandler;
}

/** The error statuses any route of a kind may answer, besides the ones its descriptor lists. */
function errorResponses(e: Endpoint): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  if (e.params || e.query || e.body || e.headers || e.multipart) out[400] = ErrorResponse;
  if (e.auth !== 'none') out[401] = ErrorResponse;
  if (e.csrf) out[403] = ErrorResponse;
  if (e.params) out[404] = ErrorResponse;
  if (e.multipart) {
    out[413] = ErrorResponse;
    out[415] = ErrorResponse;
  }
  return { ...out, ...(e.errors as Record<number, z.ZodType> | undefined) };
}

/** The Fastify schema a descriptor stands for (exported for the contract test). */
export function schemaOf(e: Endpoint): FastifySchema {
  return {
    tags: [...e.tags],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(e.auth === 'required' ? { security: [{ bearerAuth: [] }] } : e.auth === 'optional' ? { security: [{ bearerAuth: [] }, {}] } : {}),
    ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body && !e.multipart ? { body: e.body } : {}),
    ...(e.headers ? { headers: e.headers } : {}),
    response: { [e.status ?? 200]: e.response, ...errorResponses(e) },
  };
}

export function route<const E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void;
export function route<const E extends Endpoint>(app: FastifyInstance, endpoint: E, opts: RouteOptions, handler: RouteHandler<E>): void;
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  optsOrHandler: RouteOptions | RouteHandler<E>,
  maybeHandler?: RouteHandler<E>,
): void {
  const opts = typeof optsOrHandler === 'function' ? {} : optsOrHandler;
  const handler = typeof optsOrHandler === 'function' ? optsOrHandler : maybeHandler!;
  const preHandler: preHandlerHookHandler[] = [];
  if (endpoint.auth === 'required') preHandler.push(app.requireAuth);
  if (endpoint.auth === 'optional') preHandler.push(app.optionalAuth);
  if (endpoint.csrf) preHandler.push(app.verifyCsrf);
  if (opts.preHandler) preHandler.push(opts.preHandler);
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint),
    ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
    preHandler,
    handler: async (request, reply) => {
      // The handler may still choose another status (health answers 503 with the same body).
      reply.status(status);
      return handler(request as unknown as RouteRequest<E>, reply);
    },
  });
}
