// A server-sent-events response on the raw socket: events, heartbeats while nothing else is written, and
// backpressure. `send` answers false once the socket's buffer is full (the client reads slower than we write);
// the producer then waits for `writable()`, which settles when the buffer has drained or the client has gone.
// Typed by the endpoint's events (`Endpoint.events` in the contract): only a declared event with its data compiles.
import type { ServerResponse } from 'node:http';
import type { StreamEventData, StreamEvents } from '@reverie/shared';

export interface EventStreamOptions {
  /** The longest silence: a comment line is written before it, so proxies keep the stream open. Default 15 s. */
  heartbeatMs?: number;
  /** Extra response headers (request id, security headers). */
  headers?: Record<string, string>;
}

export class EventStream<E extends StreamEvents = StreamEvents> {
  private lastWrite = performance.now();
  private readonly heartbeat: NodeJS.Timeout;
  private waiting: Promise<void> | undefined;

  constructor(
    private readonly res: ServerResponse,
    opts: EventStreamOptions = {},
  ) {
    const heartbeatMs = opts.heartbeatMs ?? 15_000;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...opts.headers,
    });
    // Headers and what is written in this turn of the event loop (the first event, and the first words when the model
    // already sent them) leave in one packet.
    res.cork();
    setImmediate(() => res.uncork());
    // One timer per stream, woken twice a period; it writes only when nothing else went out for half a period.
    const half = heartbeatMs / 2;
    this.heartbeat = setInterval(() => {
      if (performance.now() - this.lastWrite >= half - 5) this.write(': keep-alive\n\n');
    }, half);
    this.heartbeat.unref();
    res.once('close', () => clearInterval(this.heartbeat));
  }

  /** The client has gone (or the stream was ended): nothing more can be written. */
  get closed(): boolean {
    return this.res.writableEnded || this.res.destroyed;
  }

  /** Writes one event; false when the socket's buffer is full (wait for `writable()` before producing more). */
  send<K extends keyof E & string>(event: K, data: StreamEventData<E, K>): boolean {
    return this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Settles once the buffered data has gone out, or the client has gone. At once when nothing is waiting. */
  writable(): Promise<void> {
    if (this.closed || !this.res.writableNeedDrain) return Promise.resolve();
    return (this.waiting ??= new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        this.waiting = undefined;
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    }));
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.res.writableEnded) this.res.end();
  }

  private write(text: string): boolean {
    if (this.closed) return true;
    this.lastWrite = performance.now();
    return this.res.write(text);
  }
}
