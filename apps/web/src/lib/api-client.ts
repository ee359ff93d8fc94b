// The one HTTP client (product.md §7, §8). Every call goes through the request queue, to one backend host,
// with cookies, the bearer access token when stored, and JSON bodies (FormData is sent as is).
//
// Features call `apiRequest(endpoint, { params, query, body })` with an endpoint descriptor from
// `@reverie/shared`: method, path, CSRF and auth come from the descriptor, and the request and response
// types are inferred from its schemas. `httpRequest(path, options)` is the untyped layer underneath.
//
// Errors: any non-OK response throws ApiError whose message is "<status>: <body text or status text>".
// Rate-limited calls that stay 429 after the queue's retries reject with the quiet RateLimitError.
import { buildPath } from '@reverie/shared/api/path';
import { INVALID_TOKEN_MESSAGE } from '@reverie/shared/constants';
import type { AnyEndpoint, api, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@reverie/shared';
import { clearSession, getAccessToken, getRefreshToken, isTokenExpired, setTokens } from './auth-tokens';
import { endpointKey, priorityFor, requestQueue, type RequestPriority } from './request-queue';

export const API_BASE: string = ((import.meta.env.VITE_API_BASE as string | undefined) ?? '').replace(/\/+$/, '');

/** Tokens expiring within this margin are refreshed first, so they cannot expire in flight. */
export const TOKEN_EXPIRY_SKEW_MS = 30_000;
export const CSRF_HEADER = 'x-csrf-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: HttpMethod;
  /** FormData is sent as is; anything else (not undefined) as JSON. */
  body?: unknown;
  /** null/undefined values are skipped; arrays become repeated `key[]=a&key[]=b`. */
  query?: QueryParams;
  /** Defaults to priorityFor(method, path). */
  priority?: RequestPriority;
  signal?: AbortSignal;
  headers?: HeadersInit;
  /** Register/login/logout: send the CSRF token, refreshing it once on 403 CSRF_FAILED. */
  csrf?: boolean;
  /** No bearer token and no refresh-before-request. */
  skipAuth?: boolean;
  /** `blob`: the body as a Blob (files such as an exported card); default: parsed JSON or text. */
  responseType?: 'json' | 'blob';
}

export class ApiError extends Error {
  readonly status: number;
  /** Parsed JSON body when the body was JSON, otherwise the body text. */
  readonly body: unknown;
  /** The server's error code (`{ error: { code } }`), when present. */
  readonly code?: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseMaybeJson(bodyText);
    const code = readPath(this.body, ['error', 'code']) ?? readPath(this.body, ['code']);
    if (typeof code === 'string') this.code = code;
  }

  /** `error.details` of the wire format: facts a client acts on (`{ field }` on 409, `{ cost, balance }` on 402). */
  get details(): Record<string, unknown> | undefined {
    const details = readPath(this.body, ['error', 'details']);
    return typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined;
  }

  /** The server's human-readable message (`{ message }` or `{ error: { message } }`), if any. */
  get serverMessage(): string | undefined {
    const message = readPath(this.body, ['message']) ?? readPath(this.body, ['error', 'message']);
    if (typeof message === 'string' && message) return message;
    return typeof this.body === 'string' && this.body ? this.body : undefined;
  }
}

/** Best message to show a user: the server's message for ApiErrors, else the error message, else fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function parseMaybeJson(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readPath(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

let reloadHandler: () => void = () => window.location.reload();

/** Replaces the page-reload hook used after an invalid-token 401 (tests). Returns a restore function. */
export function setReloadHandler(handler: () => void): () => void {
  const previous = reloadHandler;
  reloadHandler = handler;
  return () => {
    reloadHandler = previous;
  };
}

const INVALID_TOKEN_TEXTS = [INVALID_TOKEN_MESSAGE, 'invalid signature'];

export function buildUrl(path: string, query?: QueryParams): string {
  const base = /^https?:\/\//i.test(path) ? path : `${API_BASE}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const arrayKey = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value as readonly QueryScalar[]) params.append(arrayKey, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  if (!qs) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}

let refreshPromise: Promise<string> | null = null;

/**
 * Exchanges the refresh token for new tokens (single-flight: concurrent callers share one request).
 * No refresh token: clears the session and throws "No refresh token available". A server rejection
 * (4xx other than 408/429) clears the session; network errors, 5xx and rate limits keep it (transient).
 */
export function refreshAccessToken(): Promise<string> {
  refreshPromise ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) {
      clearSession();
      throw new Error('No refresh token available');
    }
    try {
      // The session plumbing calls its two endpoints by path with types from their descriptors: importing the
      // descriptors themselves would put every schema (and zod) into the first page load.
      const tokens = await httpRequest<EndpointResponse<typeof api.auth.refresh>>('/api/auth/refresh', {
        method: 'POST',
        body: { refreshToken },
        skipAuth: true,
        priority: 'high',
      });
      setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
        clearSession();
      }
      throw error;
    }
  })().finally(() => {
    refreshPromise = null;
  });
  return refreshPromise;
}

/** The stored access token, refreshed first when expired; null for guests. */
export async function freshAccessToken(): Promise<string | null> {
  const token = getAccessToken();
  if (!token) return null;
  if (!isTokenExpired(token, Date.now(), TOKEN_EXPIRY_SKEW_MS)) return token;
  return refreshAccessToken();
}

let csrfToken: string | null = null;
let csrfPromise: Promise<string> | null = null;

/** The CSRF token from GET /api/auth/csrf (fetched once and cached; `force` fetches a new one). */
export function getCsrfToken(force = false): Promise<string> {
  if (!force && csrfToken) return Promise.resolve(csrfToken);
  csrfPromise ??= httpRequest<EndpointResponse<typeof api.auth.csrf>>('/api/auth/csrf', { skipAuth: true, priority: 'high' })
    .then((response) => {
      csrfToken = response.csrfToken;
      return response.csrfToken;
    })
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

/** Forgets cached CSRF token and in-flight refresh (tests). */
export function resetApiClientState(): void {
  csrfToken = null;
  csrfPromise = null;
  refreshPromise = null;
}

async function parseResponse<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (response.status === 204 || response.status === 205) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (!text) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  return parseMaybeJson(text) as T;
}

async function send<T>(path: string, method: HttpMethod, options: RequestOptions, csrf: string | null): Promise<T> {
  const headers = new Headers(options.headers);
  const token = options.skipAuth ? null : await freshAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (csrf) headers.set(CSRF_HEADER, csrf);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('Content-Type', 'application/json');
  }

  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    // Only when we sent a token: a guest can never be stuck in a reload loop.
    if (response.status === 401 && token && INVALID_TOKEN_TEXTS.some((t) => text.includes(t))) {
      clearSession();
      reloadHandler();
    }
    throw new ApiError(response.status, response.statusText, text);
  }
  return parseResponse<T>(response, options.responseType);
}

function queued<T>(path: string, options: RequestOptions, csrf: string | null): Promise<T> {
  const method = options.method ?? 'GET';
  return requestQueue.enqueue(() => send<T>(path, method, options, csrf), {
    endpoint: endpointKey(method, path),
    priority: options.priority ?? priorityFor(method, path),
    signal: options.signal,
  });
}

/** Sends one API call through the request queue. 204/empty bodies resolve to undefined. */
export async function httpRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.csrf) return queued<T>(path, options, null);
  try {
    return await queued<T>(path, options, await getCsrfToken());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403 && error.code === 'CSRF_FAILED')) throw error;
    return queued<T>(path, options, await getCsrfToken(true));
  }
}

/** Per-call options that are not part of the endpoint's contract. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'headers' | 'priority' | 'responseType'>;

// A part is optional when `undefined` (or, for objects, `{}`) satisfies the schema's input type.
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : object extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

/** What `apiRequest` takes for endpoint `E`: its params, query and body (each required when the schema requires it). */
export type ApiInput<E extends AnyEndpoint> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>> &
  CallOptions;

type InputArgs<E extends AnyEndpoint> = object extends ApiInput<E> ? [input?: ApiInput<E>] : [input: ApiInput<E>];

/**
 * Calls the endpoint a route (`@reverie/shared/api/routes`) or descriptor names: fills its `:params`, sends its query
 * and body, the CSRF token when it asks for it, and no bearer token for `auth: 'none'` endpoints. The answer is typed
 * by the descriptor's response schema (it is not re-validated here).
 */
export async function apiRequest<E extends AnyEndpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, ...call } = (input ?? {}) as {
    params?: Record<string, string | number | boolean | null | undefined>;
    query?: QueryParams;
    body?: unknown;
  } & CallOptions;
  return httpRequest<EndpointResponse<E>>(buildPath(endpoint, params), {
    ...call,
    method: endpoint.method,
    query,
    body,
    csrf: endpoint.csrf === true,
    skipAuth: endpoint.auth === 'none',
  });
}
