// A call's client for tests and the bench: a real WebSocket (`ws`) to a listening server, every event and audio
// frame kept in order, and waits for the next event of a type.
import type { CallServerEvent } from '@reverie/shared';
import { WebSocket } from 'ws';

export type Received = { kind: 'event'; event: CallServerEvent; at: number } | { kind: 'audio'; bytes: Buffer; at: number };

export interface CallClient {
  ws: WebSocket;
  received: Received[];
  events(type?: CallServerEvent['type']): CallServerEvent[];
  audio(): Buffer[];
  /** The next event of `type` after the `after`-th of its kind (default: one more than seen when called). */
  next<T extends CallServerEvent['type']>(type: T, timeoutMs?: number): Promise<Extract<CallServerEvent, { type: T }>>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

export async function openCall(url: string, opts: { origin?: string; headers?: Record<string, string> } = {}): Promise<CallClient> {
  const ws = new WebSocket(url, { headers: { ...opts.headers, ...(opts.origin ? { origin: opts.origin } : {}) } });
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
    const at = performance.now();
    received.push(
      isBinary ? { kind: 'audio', bytes, at } : { kind: 'event', event: JSON.parse(bytes.toString('utf8')) as CallServerEvent, at },
    );
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of waiters.splice(0)) w();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
  });
  const events = (type?: CallServerEvent['type']) =>
    received.flatMap((r) => (r.kind === 'event' && (!type || r.event.type === type) ? [r.event] : []));
  return {
    ws,
    received,
    events,
    audio: () => received.flatMap((r) => (r.kind === 'audio' ? [r.bytes] : [])),
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    closed,
    next(type, timeoutMs = 30_000) {
      const seen = events(type).length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} event in ${timeoutMs} ms; got ${JSON.stringify(events())}`)),
          timeoutMs,
        );
        const check = () => {
          const found = events(type)[seen];
          if (found) {
            clearTimeout(timer);
            return resolve(found as never);
          }
          if (ws.readyState === ws.CLOSED) {
            clearTimeout(timer);
            return reject(new Error(`closed before a ${type} event; got ${JSON.stringify(events())}`));
          }
          waiters.push(check);
        };
        check();
      });
    },
  };
}
