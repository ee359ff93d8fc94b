// Reads a server-sent-events response body (node:http) as batches of `data:` payloads for a consumer that pulls.
//
// Pull mode: the body is read only while the consumer waits. Once something has arrived and nobody waits, it stays
// in the response's buffer, and with the one-byte buffers of `streamingAgent` below the socket stops reading:
// whatever the model server writes meanwhile waits in the kernel. The next pull takes all of that in one socket
// read, one parse and one batch. A reply relayed once a second then costs two socket reads and one string a second
// instead of one of each per token (30 a second), which is most of what a thousand streams cost (bench/chat.ts). A
// consumer that pulls as fast as the tokens come sees no difference, and one that stops pulling stops the model
// server's writes (backpressure) without buffering them here.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

export interface SseReaderOptions {
  /** Called for every piece of the body that arrives (the caller's idle clock). */
  onBytes?: () => void;
  /** Data waits unread because nobody pulls (the socket has stopped reading), and the next pull. */
  onPause?: () => void;
  onResume?: () => void;
}

/**
 * A keep-alive agent for streamed responses. Sockets and responses buffer a single byte before they push back, so
 * a paused response stops the socket's reading at once (the default 16 KiB would keep reading every packet into
 * memory until that much had piled up, defeating pull mode).
 */
export function streamingAgent(protocol: 'http:' | 'https:'): http.Agent {
  const options = { keepAlive: true, readableHighWaterMark: 1 } as http.AgentOptions;
  return protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}

/** Turns of the event loop a pull waits, at most, for what the socket held back while nobody pulled. */
const MAX_CATCH_UP_TURNS = 4;

export class SseReader {
  private batch: string[] = [];
  private line = '';
  private data: string[] = [];
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;
  /** Data is waiting unread (so the socket has stopped reading) and nobody pulls. */
  private holding = false;
  /** Inside next(): what arrives is for this pull. */
  private pulling = false;

  constructor(
    private readonly res: IncomingMessage,
    private readonly opts: SseReaderOptions = {},
  ) {
    res.setEncoding('utf8');
    // Paused mode: the body piles up in the response's buffer (a cheap push per HTTP chunk) until read() takes all
    // of it as one string; with a one-byte buffer the socket stops reading as soon as anything waits there.
    res.on('readable', () => {
      if (this.wake) {
        this.drain();
        this.signal();
      } else if (!this.pulling) this.hold();
    });
    res.on('end', () => {
      if (this.line) this.onLine(this.line);
      if (this.data.length) this.batch.push(this.data.join('\n'));
      this.ended = true;
      this.signal();
    });
    res.on('error', (err) => this.fail(err));
    res.on('close', () => {
      if (!this.ended) this.fail(Object.assign(new Error('the stream closed before its end'), { code: 'ECONNRESET' }));
    });
  }

  /**
   * The payloads that arrived since the last call (at least one); null at the end of the stream. Rejects on errors.
   * `catchUp: false` answers with what is here without waiting turns for more (the reply's first words, which go out
   * at once).
   */
  async next(catchUp = true): Promise<string[] | null> {
    if (this.holding) {
      this.holding = false;
      this.opts.onResume?.();
    }
    this.pulling = true;
    try {
      // Taking what waited lets the socket read again, a piece per turn of the event loop (each piece stops it until
      // it is taken): the piece it held, then in one read all that the kernel kept meanwhile. Take those along, so
      // the batch is as fresh as the pull; a few turns at most.
      let got = this.drain();
      for (let turn = 0; got && catchUp && !this.ended && turn < MAX_CATCH_UP_TURNS; turn++) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        got = this.drain();
      }
      for (;;) {
        if (this.batch.length) {
          const batch = this.batch;
          this.batch = [];
          return batch;
        }
        if (this.failure !== undefined) throw this.failure;
        if (this.ended) return null;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      this.pulling = false;
      // Something came after the last turn: it waits for the next pull.
      if (this.res.readableLength > 0) this.hold();
    }
  }

  /** Data waits and nobody pulls: the socket has stopped reading (and the caller's idle clock stops). */
  private hold() {
    if (this.holding) return;
    this.holding = true;
    this.opts.onPause?.();
  }

  /** Everything the response holds, as one string through the parser; whether there was anything. */
  private drain(): boolean {
    const chunk = this.res.read() as string | null;
    if (chunk === null) return false;
    this.opts.onBytes?.();
    let text = this.line + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      this.onLine(text.charCodeAt(nl - 1) === 13 ? text.slice(start, nl - 1) : text.slice(start, nl));
      start = nl + 1;
    }
    text = text.slice(start);
    this.line = text;
    return true;
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

  private onLine(line: string) {
    if (line === '') {
      if (this.data.length) this.batch.push(this.data.length === 1 ? this.data[0]! : this.data.join('\n'));
      this.data = [];
    } else if (line.startsWith('data:')) {
      this.data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
    }
    // Comments (": keep-alive"), event:, id: and retry: lines carry nothing we use.
  }
}
