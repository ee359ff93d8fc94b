// What the browser needs of an endpoint at run time: its method, path, auth mode and flags, without the schemas. The
// web imports the route table (`routes.ts`, generated from the descriptors) instead of the descriptors themselves, so
// its pages do not build some thousand zod schemas they never run; the types still come from the descriptors.
import type { AuthMode, Endpoint, HttpMethod, SuccessStatus } from './endpoint.ts';

/** A type-only brand: no value exists at run time, so nothing can read it; it carries the descriptor's type. */
declare const describes: unique symbol;

/** An endpoint's run-time facts, typed by the descriptor `E` they were taken from. */
export type Route<E extends Endpoint = Endpoint> = Pick<E, 'method' | 'path' | 'auth'> & {
  readonly csrf?: boolean;
  readonly multipart?: boolean;
  readonly status?: SuccessStatus;
  readonly [describes]: E;
};

/** The descriptor type behind a route (a descriptor stays itself). */
export type EndpointOf<T> = T extends { readonly [describes]: infer E extends Endpoint } ? E : T;

/** A descriptor or its route: what the request helpers and the type helpers take. */
export type AnyEndpoint = Endpoint | Route;

/** Every group of descriptors as routes: `RouteTable<typeof api>`. */
export type RouteTable<A> = {
  readonly [G in keyof A]: { readonly [K in keyof A[G]]: A[G][K] extends Endpoint ? Route<A[G][K]> : never };
};

/** The run-time facts of a descriptor, as the route table holds them (absent flags left out). */
export function routeFacts(e: Endpoint): {
  method: HttpMethod;
  path: string;
  auth: AuthMode;
  csrf?: true;
  multipart?: true;
  status?: SuccessStatus;
} {
  return {
    method: e.method,
    path: e.path,
    auth: e.auth,
    ...(e.csrf ? { csrf: true as const } : {}),
    ...(e.multipart ? { multipart: true as const } : {}),
    ...(e.status !== undefined ? { status: e.status } : {}),
  };
}
