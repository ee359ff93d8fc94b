// Moves a reply from the model to the client in batches.
//
// The first text goes out as soon as it arrives. After each batch the relay waits `intervalMs()` before pulling
// again; whatever the model wrote meanwhile waits in the provider (llama.cpp's channel, the OpenAI reader's buffer)
// and comes out as one chunk, so a batch costs one policy check and one socket write however many tokens it holds.
// When the client reads slower than we write, the sink answers with a promise and nothing more is pulled until it
// settles: the provider's buffer fills, the OpenAI reader pauses its socket and the model server's writes back up.
//
// A number may arrive split across batches ("She is 3" + "2 years old"): digits at the very end of what came are held
// back, neither judged nor sent, until the text after them arrives (or the reply ends), so the policy never judges a
// number cut in two. Each check sees the new text with context before it (the caller keeps a tail of earlier text).
import type { LlmChunk } from '../../providers/llm/llm-provider.ts';

export interface RelaySink {
  /** Sends a batch; a promise when the client is behind (settles once it has caught up or gone). */
  token(text: string): void | Promise<void>;
}

export interface RelayOptions {
  /** The least time between two batches after the first. */
  intervalMs: () => number;
  /**
   * Whether the reply so far may be sent: `fresh` is how many characters at its end are new, `whole` asks for a check
   * of all of it (done every `wholeEvery` batches; the caller checks the finished reply again).
   */
  allowed: (reply: string, fresh: number, whole: boolean) => boolean;
  wholeEvery: number;
  /** Aborts the generation; also cuts the wait between batches short. */
  stop: AbortController;
}

export class ReplyRelay {
  /** Everything the model wrote, sent or not. */
  text = '';
  /** How much of `text` was judged and sent (the rest is a number that may go on in the next batch). */
  private sent = 0;

  /** What was judged and sent to the client so far. */
  get sentText(): string {
    return this.text.slice(0, this.sent);
  }
  completionTokens = 0;
  /** The model's closing numbers (usage, timings), when it sent them. */
  finish: LlmChunk['finish'];
  /** When the first words came (performance.now()). */
  firstTextAt: number | undefined;
  blocked = false;
  batches = 0;

  constructor(private readonly opts: RelayOptions) {}

  /** The end of the reply: what was held back is judged and sent. */
  private async flush(sink: RelaySink): Promise<void> {
    if (this.sent >= this.text.length) return;
    const fresh = this.text.slice(this.sent);
    if (!this.opts.allowed(this.text, fresh.length, false)) {
      this.blocked = true;
      this.opts.stop.abort(new Error('blocked'));
      return;
    }
    this.sent = this.text.length;
    const behind = sink.token(fresh);
    if (behind) await behind;
  }

  /** Pulls `first`, then the rest of `stream`, into `sink`. Rejects with the provider's error; `text` keeps what came. */
  async run(first: Promise<IteratorResult<LlmChunk>>, stream: AsyncIterator<LlmChunk>, sink: RelaySink): Promise<void> {
    const { stop } = this.opts;
    let next = first;
    try {
      for (;;) {
        const r = await next;
        if (r.done) {
          await this.flush(sink);
          return;
        }
        const chunk = r.value;
        if (chunk.finish) {
          this.completionTokens = chunk.finish.usage.completionTokens;
          this.finish = chunk.finish;
        }
        if (chunk.text) {
          this.firstTextAt ??= performance.now();
          this.text += chunk.text;
        }
        const upTo = heldBack(this.text);
        if (upTo > this.sent) {
          const fresh = this.text.slice(this.sent, upTo);
          const whole = ++this.batches % this.opts.wholeEvery === 0;
          if (!this.opts.allowed(this.text.slice(0, upTo), fresh.length, whole)) {
            this.blocked = true;
            stop.abort(new Error('blocked'));
            return;
          }
          this.sent = upTo;
          const sent = performance.now();
          const behind = sink.token(fresh);
          if (behind) await behind;
          const wait = sent + this.opts.intervalMs() - performance.now();
          if (wait >= 1 && !stop.signal.aborted) await pause(wait, stop.signal);
        }
        next = stream.next();
      }
    } finally {
      // Stopped early (blocked, or the caller gave up): let the provider end its generation and free its slot.
      if (stop.signal.aborted) void stream.return?.().catch(() => {});
    }
  }
}

/** Where the text may be cut for judging and sending: before a number at its very end (it may go on). */
function heldBack(text: string): number {
  let i = text.length;
  while (i > 0 && text.charCodeAt(i - 1) >= 48 && text.charCodeAt(i - 1) <= 57) i--;
  return i;
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
