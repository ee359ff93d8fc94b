// HTTP for the cluster tier: calls typed by the shared endpoint descriptors, sent from a chosen loopback address
// (127.x.y.z, so the proxy sees one client per address and per-address limits stay real), to the proxy or straight
// to one process; and a server-sent-events reader.
import http from 'node:http';
import { buildPath, type Endpoint, type EndpointBody, type EndpointParams, type EndpointResponse } from '@reverie/shared';
import { takeEvents, type StreamEvent } from '../apps/server/test/event-stream.ts';

/** Where a request goes: the proxy, or one server process directly. */
export interface Target {
  name: string;
  port: number;
}

export interface Answer<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: T;
}

export interface CallInput<E extends Endpoint> {
  params?: EndpointParams<E>;
  body?: EndpointBody<E>;
  query?: Record<string, string | number>;
  token?: string;
  headers?: Record<string, string>;
}

const agents = new Map<string, http.Agent>();
/** One keep-alive agent per source address. */
function agentFor(from: string): http.Agent {
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: from })));
  return agent;
}

export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

function pathOf<E extends Endpoint>(endpoint: E, input: CallInput<E>): string {
  const path = buildPath(endpoint, input.params as Record<string, string> | undefined);
  const query = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}` : '';
  return path + query;
}

/** One request; never throws for an HTTP status (network errors reject). */
export function request(
  target: Target,
  from: string,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...opts.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: target.port, method, path, headers, agent: agentFor(from), timeout: opts.timeoutMs ?? 30_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('error', reject);
        res.on('end', () => {
          let body: unknown = undefined;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} on ${target.name}: no answer in time`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A client at one source address. */
export class Client {
  private csrf: { token: string; cookie: string } | undefined;

  constructor(readonly from: string) {}

  /** A call by descriptor: the CSRF token and cookie when the endpoint wants them, a bearer token when given. */
  async call<E extends Endpoint>(target: Target, endpoint: E, input: CallInput<E> = {}): Promise<Answer<EndpointResponse<E>>> {
    const headers: Record<string, string> = { ...input.headers };
    if (input.token) headers.authorization = `Bearer ${input.token}`;
    if (endpoint.csrf) {
      this.csrf ??= await this.fetchCsrf(target);
      headers['x-csrf-token'] = this.csrf.token;
      headers.cookie = this.csrf.cookie;
    }
    const answer = await request(target, this.from, endpoint.method, pathOf(endpoint, input), { body: input.body, headers });
    return answer as Answer<EndpointResponse<E>>;
  }

  /** Like call, but anything but 2xx throws with the answer in the message. */
  async ok<E extends Endpoint>(target: Target, endpoint: E, input: CallInput<E> = {}): Promise<EndpointResponse<E>> {
    const answer = await this.call(target, endpoint, input);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} via ${target.name} from ${this.from} → ${answer.status}: ${answer.text.slice(0, 300)}`,
      );
    }
    return answer.body;
  }

  /** Opens a server-sent-events request (GET, or POST with a body) by descriptor. */
  stream<E extends Endpoint>(target: Target, endpoint: E, input: CallInput<E> = {}): Promise<EventStream> {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...input.headers };
    if (input.token) headers.authorization = `Bearer ${input.token}`;
    return openStream(target, this.from, endpoint.method, pathOf(endpoint, input), input.body, headers);
  }

  private async fetchCsrf(target: Target) {
    const res = await request(target, this.from, 'GET', '/api/auth/csrf');
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    return { token: (res.body as { csrfToken: string }).csrfToken, cookie };
  }
}

export interface EventStream {
  status: number;
  events: StreamEvent[];
  /** The first event (received already or coming) that matches; rejects after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Settles when the stream ends (or breaks). */
  ended: Promise<void>;
  close(): void;
}

function openStream(target: Target, from: string, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise<EventStream>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: target.port, method, path, headers, agent: false, localAddress: from }, (res) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<{ match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void; reject: (err: Error) => void }>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const parsed = takeEvents(buffer + chunk);
        buffer = parsed.rest;
        for (const e of parsed.events) {
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.delete(w);
              w.resolve(e);
            }
          }
        }
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      // Whoever still waits when the stream ends will not get an event any more.
      void ended.then(() => {
        for (const w of waiters) w.reject(new Error(`${method} ${path} ended; got ${events.map((x) => x.event).join(', ')}`));
        waiters.clear();
      });
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        close: () => req.destroy(),
        next: (match, timeoutMs = 15_000) => {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(
                new Error(`no matching event on ${method} ${path} within ${timeoutMs} ms; got ${events.map((x) => x.event).join(', ')}`),
              );
            }, timeoutMs);
            const settle =
              <T>(fn: (v: T) => void) =>
              (v: T) => {
                clearTimeout(timer);
                fn(v);
              };
            const waiter = { match, resolve: settle(ok), reject: settle(fail) };
            waiters.add(waiter);
          });
        },
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
