// Endpoint descriptors: one object per HTTP endpoint, shared by the server (which registers its route from it)
// and the web client (which infers request and response types from it), so a path or a shape cannot drift.
import type { z } from 'zod';
import { ErrorResponse } from '../errors.ts';
import type { StreamEvent, StreamEvents } from '../schemas/events.ts';
import type { AnyEndpoint, EndpointOf } from './route.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;
export type AuthMode = 'none' | 'optional' | 'required';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify-style path: `/api/users/:id/avatar`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (a loose object: other headers pass through). */
  readonly headers?: z.ZodType;
  /** The body of the success response. */
  readonly response: z.ZodType;
  /** The success status; 200 when absent. */
  readonly status?: SuccessStatus;
  /** Error statuses this endpoint answers besides the ones every route of its kind may (see the server's route helper). */
  readonly errors?: Partial<Record<ErrorStatus, z.ZodType>>;
  readonly auth: AuthMode;
  /** Send the CSRF token (double-submit cookie + `x-csrf-token` header). */
  readonly csrf?: boolean;
  /** The body is multipart/form-data, not JSON. */
  readonly multipart?: boolean;
  /** With Accept: text/event-stream the endpoint answers server-sent events: each event's name and data schema. */
  readonly events?: StreamEvents;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
}

/** Keeps the literal types (method, path, schemas) so clients can infer from the descriptor. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** `errorBodies(404, 409)` → `{ 404: ErrorResponse, 409: ErrorResponse }` for `Endpoint.errors`. */
export function errorBodies<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}

// `E extends unknown`: distributes over a union of endpoints, as a naked type parameter would.
type InputOf<E, K extends 'params' | 'query' | 'body'> = E extends unknown
  ? EndpointOf<E> extends { readonly [P in K]: infer S extends z.ZodType }
    ? z.input<S>
    : undefined
  : never;

// Each helper takes a descriptor or its route (route.ts): the web holds routes, the server descriptors.

/** What a caller passes as path parameters (`undefined` when the path has none). */
export type EndpointParams<E extends AnyEndpoint> = InputOf<E, 'params'>;
/** What a caller passes as query string (`undefined` when there is none). */
export type EndpointQuery<E extends AnyEndpoint> = InputOf<E, 'query'>;
/**
 * The runtime's FormData (browser or Node) without tying this package to either type library: it resolves wherever
 * the compiling project has a global FormData (the web's DOM lib, the server's @types/node).
 */
export type FormDataLike = typeof globalThis extends { FormData: { prototype: infer F } } ? F : never;

/** What a caller sends as body (`undefined` when there is none; FormData for multipart endpoints). */
export type EndpointBody<E extends AnyEndpoint> = E extends unknown
  ? EndpointOf<E> extends { readonly multipart: true }
    ? FormDataLike
    : InputOf<E, 'body'>
  : never;
/** What the server answers on success. */
export type EndpointResponse<E extends AnyEndpoint> = E extends unknown
  ? EndpointOf<E> extends { readonly response: infer R extends z.ZodType }
    ? z.output<R>
    : never
  : never;

/** An event of an SSE endpoint as a client receives it (`never` for endpoints without `events`). */
export type EndpointEvent<E extends AnyEndpoint> = E extends unknown
  ? EndpointOf<E> extends { readonly events: infer V extends StreamEvents }
    ? StreamEvent<V>
    : never
  : never;

/** Names of the `:params` in a path literal: `'/a/:id/b/:key'` → `'id' | 'key'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

// buildPath lives in a zod-free module so the browser's first load can use it without the schemas.
export { buildPath } from './path.ts';
export { routeFacts, type AnyEndpoint, type EndpointOf, type Route, type RouteTable } from './route.ts';
