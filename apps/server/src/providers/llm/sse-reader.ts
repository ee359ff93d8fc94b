// Reads a server-sent-events response body (node:http) as batches of `data:` payloads for a consumer that pulls.
//
// Payloads that arrive while the consumer is busy wait here and are handed over together on the next pull, so a
// consumer that pulls every 100 ms gets one batch instead of three events (coalescing, with no per-event promise).
// When more than `maxBufferedChars` wait, the socket is paused: the kernel buffers fill and the server's writes back
// up (backpressure). The next pull resumes it.
import type { IncomingMessage } from 'node:http';

export interface SseReaderOptions {
  /** Characters of unread payloads that pause the socket. Default 64 KiB. */
  maxBufferedChars?: number;
  /** Called for every piece of the body that arrives (the caller's idle clock). */
  onBytes?: () => void;
  /** The socket was paused because the consumer is behind, and resumed again. */
  onPause?: () => void;
  onResume?: () => void;
}

export class SseReader {
  private batch: string[] = [];
  private batchChars = 0;
  private line = '';
  private data: string[] = [];
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;
  private paused = false;
  private readonly maxBuffered: number;

  constructor(
    private readonly res: IncomingMessage,
    private readonly opts: SseReaderOptions = {},
  ) {
    this.maxBuffered = opts.maxBufferedChars ?? 64 * 1024;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.onChunk(chunk));
    res.on('end', () => {
      if (this.line) this.onLine(this.line);
      if (this.data.length) this.push(this.data.join('\n'));
      this.ended = true;
      this.signal();
    });
    res.on('error', (err) => this.fail(err));
    res.on('close', () => {
      if (!this.ended) this.fail(Object.assign(new Error('the stream closed before its end'), { code: 'ECONNRESET' }));
    });
  }

  /** The payloads that arrived since the last call (at least one); null at the end of the stream. Rejects on errors. */
  async next(): Promise<string[] | null> {
    for (;;) {
      if (this.batch.length) {
        const batch = this.batch;
        this.batch = [];
        this.batchChars = 0;
        if (this.paused && !this.res.destroyed) {
          this.paused = false;
          this.res.resume();
          this.opts.onResume?.();
        }
        return batch;
      }
      if (this.failure !== undefined) throw this.failure;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private signal() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private fail(err: unknown) {
    if (this.failure === undefined) this.failure = err;
    this.signal();
  }

  private onChunk(chunk: string) {
    this.opts.onBytes?.();
    let text = this.line + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      this.onLine(text.charCodeAt(nl - 1) === 13 ? text.slice(start, nl - 1) : text.slice(start, nl));
      start = nl + 1;
    }
    text = text.slice(start);
    this.line = text;
    if (this.batchChars > this.maxBuffered && !this.paused) {
      this.paused = true;
      this.res.pause();
      this.opts.onPause?.();
    }
    this.signal();
  }

  private onLine(line: string) {
    if (line === '') {
      if (this.data.length) this.push(this.data.length === 1 ? this.data[0]! : this.data.join('\n'));
      this.data = [];
    } else if (line.startsWith('data:')) {
      this.data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
    }
    // Comments (": keep-alive"), event:, id: and retry: lines carry nothing we use.
  }

  private push(payload: string) {
    this.batch.push(payload);
    this.batchChars += payload.length;
  }
}
