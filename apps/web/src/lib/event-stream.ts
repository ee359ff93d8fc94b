// Server-sent events over fetch (EventSource cannot POST or send a bearer token). The endpoint's descriptor gives the
// method, the path and its events; each event is decoded by its schema. The chat and notification streams use it.
import {
  decodeStreamEvent,
  type Endpoint,
  type EndpointBody,
  type EndpointEvent,
  type EndpointParams,
  type StreamEvents,
} from '@reverie/shared';
import { buildPath } from '@reverie/shared/api/path';
import { SseParser } from '@reverie/shared/sse';
import { API_BASE, ApiError, freshAccessToken } from './api-client';

export type EventStreamEndpoint = Endpoint & { readonly events: StreamEvents };

export interface EventStreamRequest<E extends EventStreamEndpoint> {
  params?: EndpointParams<E>;
  body?: EndpointBody<E>;
  signal: AbortSignal;
}

/** Opens the stream: the body once the server has accepted it; rejects with ApiError when it refuses (402, 429…). */
export async function openEventStream<E extends EventStreamEndpoint>(
  endpoint: E,
  { params, body, signal }: EventStreamRequest<E>,
): Promise<NonNullable<Response['body']>> {
  const token = await freshAccessToken();
  if (!token && endpoint.auth === 'required') throw new ApiError(401, 'Unauthorized', 'Sign in to continue');
  const res = await fetch(`${API_BASE}${buildPath(endpoint, params ?? undefined)}`, {
    method: endpoint.method,
    headers: {
      accept: 'text/event-stream',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal,
  });
  if (!res.ok || !res.body) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return res.body;
}

/** Reads an opened stream to its end; `onEvent` gets every event the endpoint declares (others are skipped). */
export async function readEventStream<E extends EventStreamEndpoint>(
  endpoint: E,
  body: NonNullable<Response['body']>,
  onEvent: (event: EndpointEvent<E>) => void,
): Promise<void> {
  const parser = new SseParser((message) => {
    const event = decodeStreamEvent(endpoint.events, message);
    if (event) onEvent(event as EndpointEvent<E>);
  });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.push(value);
  }
}
