// Any OpenAI-compatible chat server (vLLM, llama.cpp server, Ollama, LM Studio, OpenRouter, OpenAI) over a
// streaming POST /chat/completions.
//
// node:http + our own SSE parser rather than the `openai` SDK or fetch: we need three separate clocks (until the
// response headers, until the first token, between tokens) where the SDK has one request timeout; retries strictly
// before the first token (the SDK retries whole requests on its own terms); error text from the body shapes the
// different servers use ({error:{message}}, {error:"…"}, {message}, {detail}); an abort that always tears down the
// socket; and a reader the consumer pulls (sse-reader.ts): the socket is read only while the consumer waits, so what
// the model server writes between two pulls is read, parsed and handed over at once, and a slow client slows the
// model server down instead of filling our memory. fetch's web streams cost twice the CPU per event of a plain socket (measured: 26 against
// 12 µs per event at 500 streams), which matters with a thousand replies streaming at once.
//
// Split by concern: request building (openai-request.ts), stream relay (openai-stream.ts), error mapping
// (openai-errors.ts); this file holds the provider: attempts and retries, the context size, the token estimate.
import type http from 'node:http';
import type { IncomingMessage } from 'node:http';
import { detectContextSize } from './context-size.ts';
import type { MessageOrder } from './message-order.ts';
import {
  errorMessageFrom,
  httpFailure,
  MAX_ERROR_BODY,
  networkFailure,
  networkReason,
  readLimited,
  RetryableError,
  timeoutFailure,
} from './openai-errors.ts';
import { postRequest, requestBody, requestHeaders, wireMessages, type ModelCall } from './openai-request.ts';
import { AttemptClock, readWhole, relayEvents, ReplyState } from './openai-stream.ts';
import { ServerTokenCounter } from './server-tokens.ts';
import { TokenEstimate } from './token-estimate.ts';
import { SseReader, streamingAgent } from './sse-reader.ts';
import {
  LlmContextOverflowError,
  LlmNoReplyError,
  LlmUpstreamError,
  type ChatMessage,
  type LlmChunk,
  type LlmInfo,
  type LlmLog,
  type LlmProvider,
  type StreamChatRequest,
} from './llm-provider.ts';

export interface OpenAiOptions {
  /** e.g. http://127.0.0.1:8000/v1 (vLLM), http://127.0.0.1:11434/v1 (Ollama), https://openrouter.ai/api/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /**
   * The context the deployment serves when the server does not say (LLM_CONTEXT_SIZE), and an upper bound when it
   * does; prompt assembly trims to it.
   */
  contextSize?: number;
  /** Read the context size from the server (context-size.ts) at start, again after a failure to read it or a context error. */
  detectContext?: boolean;
  /** How messages are ordered for the server's chat template (message-order.ts); default strict. */
  messageOrder?: MessageOrder;
  /** Until the response headers arrive (covers connecting and upstream queueing before it answers). */
  connectTimeoutMs?: number;
  /** From the response headers to the first token. */
  firstTokenTimeoutMs?: number;
  /** Silence allowed between tokens. */
  idleTimeoutMs?: number;
  /** Extra attempts on 429/5xx/network errors, only while nothing has streamed yet. */
  retries?: number;
  retryBaseDelayMs?: number;
  /** How long counting a prompt on the server may take before the estimate is used (server-tokens.ts). */
  countTimeoutMs?: number;
  /** OpenAI rejects unknown sampling fields; llama.cpp, vLLM, Ollama and LM Studio accept top_k/min_p/repeat_penalty. */
  extendedSampling?: boolean;
  log: LlmLog;
}

/** A context size the server did not tell is asked again after this long (on the next `info()`). */
const CONTEXT_REREAD_MS = 30_000;

/** Waits, but wakes early (without throwing) when the caller aborts. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export class OpenAiLlmProvider implements LlmProvider {
  readonly name = 'llm';
  readonly kind = 'openai';
  private readonly url: URL;
  private readonly agent: http.Agent;
  private lastHealth: { at: number; value: { status: 'ok' | 'down'; detail?: string } } | undefined;
  /** The context size the server reported, once known. */
  private detected: number | undefined;
  private detecting: Promise<void> | undefined;
  /** Until the first reading settles: `info()` says loading, so the first prompt is already fitted to the server. */
  private firstReading: Promise<void> | undefined;
  private lastReadAt = 0;
  private readMissed = false;

  private readonly tokens: ServerTokenCounter;

  constructor(private readonly opts: OpenAiOptions) {
    this.url = new URL(`${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    this.estimate = new TokenEstimate(opts.log);
    this.tokens = new ServerTokenCounter({
      rootUrl: opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, ''),
      headers: () => this.headers(),
      log: opts.log,
      timeoutMs: opts.countTimeoutMs,
    });
    // Connections are kept and reused between replies (no TCP or TLS handshake before a reply's first token), with
    // the small read buffers pull mode needs (sse-reader.ts).
    this.agent = streamingAgent(this.url.protocol === 'https:' ? 'https:' : 'http:');
    if (opts.detectContext) {
      const first = this.readContext().finally(() => {
        if (this.firstReading === first) this.firstReading = undefined;
      });
      this.firstReading = first;
    }
  }

  /** Asks the server for its context size (one reading at a time); off the reply path. */
  private readContext(): Promise<void> {
    return (this.detecting ??= (async () => {
      this.lastReadAt = Date.now();
      const found = await detectContextSize({ baseUrl: this.opts.baseUrl, model: this.opts.model, headers: this.headers() });
      if (found) {
        if (found.size !== this.detected) {
          this.opts.log.info({ contextSize: found.size, source: found.source }, 'model server context size');
          if (this.detected !== undefined) this.tokens.reset();
        }
        this.detected = found.size;
        this.readMissed = false;
      } else {
        this.readMissed = true;
        this.opts.log.warn(
          { fallback: this.opts.contextSize ?? 8192 },
          'the model server did not tell its context size (llama.cpp /props, vLLM /models, Ollama /api/show); using LLM_CONTEXT_SIZE',
        );
      }
    })().finally(() => (this.detecting = undefined)));
  }

  /** The server's context when known (LLM_CONTEXT_SIZE caps it when smaller), else LLM_CONTEXT_SIZE, else 8192. */
  private contextSize(): number {
    const configured = this.opts.contextSize;
    if (this.detected !== undefined) return configured ? Math.min(configured, this.detected) : this.detected;
    return configured ?? 8192;
  }

  info(): LlmInfo {
    if (this.readMissed && !this.detecting && Date.now() - this.lastReadAt > CONTEXT_REREAD_MS) void this.readContext();
    const reading = this.firstReading !== undefined;
    return {
      provider: 'openai',
      model: this.opts.model,
      contextSize: this.contextSize(),
      messageOrder: this.opts.messageOrder ?? 'strict',
      ready: !reading,
      state: reading ? 'loading' : 'ready',
      active: this.active,
    };
  }

  private active = 0;

  whenReady(): Promise<void> {
    return this.firstReading ?? Promise.resolve();
  }

  /** Remote models have no local tokenizer: an estimate from the bytes that learns from the server (token-estimate.ts). */
  countTokens(text: string): number {
    return this.estimate.count(text);
  }

  private readonly estimate: TokenEstimate;

  /** The prompt's tokens as the server's tokenizer counts them, template included (server-tokens.ts). */
  countPrompt(messages: readonly ChatMessage[]): Promise<number | undefined> {
    return this.tokens.count(wireMessages(messages, this.opts.messageOrder));
  }

  private headers(): Record<string, string> {
    return requestHeaders(this.opts.apiKey);
  }

  async health() {
    if (this.lastHealth && Date.now() - this.lastHealth.at < 5_000) return this.lastHealth.value;
    let value: { status: 'ok' | 'down'; detail?: string };
    try {
      const res = await fetch(`${this.opts.baseUrl.replace(/\/+$/, '')}/models`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(3_000),
      });
      value = res.ok
        ? { status: 'ok', detail: this.opts.model }
        : {
            status: 'down',
            detail: `The model server answered ${res.status}: ${errorMessageFrom((await res.text()).slice(0, MAX_ERROR_BODY))}`,
          };
      if (res.ok) await res.body?.cancel().catch(() => {});
    } catch (err) {
      value = { status: 'down', detail: `Could not reach the model server: ${networkReason(err)}` };
    }
    this.lastHealth = { at: Date.now(), value };
    return value;
  }

  streamChat(request: StreamChatRequest): AsyncIterable<LlmChunk> {
    // The prompt goes to the reply's state, which lets it go once words went out; the attempts never hold it.
    const { messages, ...call } = request;
    return this.generate(call, new ReplyState(messages, call.stop, (bytes) => this.estimate.countBytes(bytes)));
  }

  /** Attempts until one ends the reply: a retry only on a RetryableError before the first token. */
  private async *generate(req: ModelCall, reply: ReplyState): AsyncGenerator<LlmChunk> {
    const { retries = 2, retryBaseDelayMs = 500 } = this.opts;
    req.onQueuePosition?.(0);
    this.active++;
    try {
      for (let attempt = 0; ; attempt++) {
        if (req.signal?.aborted) {
          yield reply.finish('abort');
          return;
        }
        reply.reset();
        const clock = new AttemptClock(req.signal);
        try {
          if ((yield* this.attempt(req, reply, clock)) === 'done') return;
        } catch (err) {
          if (!(err instanceof RetryableError)) throw err;
          if (attempt >= retries || reply.midReply) throw err.cause;
          const delay = err.retryAfterMs ?? retryBaseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
          this.opts.log.warn(
            { err: err.cause.message, attempt: attempt + 1, delayMs: Math.round(delay) },
            'model server request failed; retrying',
          );
          clock.end();
          await abortableSleep(delay, req.signal);
        } finally {
          clock.end();
        }
      }
    } finally {
      this.active--;
    }
  }

  /** A failure that is no HTTP error: a clock that ran out, or the connection. */
  private failure(err: unknown, reply: ReplyState, clock: AttemptClock): LlmUpstreamError | RetryableError {
    if (clock.timeoutError) return clock.timeoutError;
    if (err instanceof LlmUpstreamError || err instanceof RetryableError) return err;
    return networkFailure(err, this.opts.baseUrl, reply.emitted > 0 || reply.midReply, reply.midReply);
  }

  /** One request: 'done' when the reply ended (or was aborted), 'again' when it wrote nothing and is asked once more. */
  private async *attempt(req: ModelCall, reply: ReplyState, clock: AttemptClock): AsyncGenerator<LlmChunk, 'done' | 'again'> {
    const { connectTimeoutMs = 15_000 } = this.opts;
    clock.arm(connectTimeoutMs, () => timeoutFailure.connect(connectTimeoutMs));
    let res: IncomingMessage;
    try {
      res = await this.post(req, reply, clock.signal);
    } catch (err) {
      if (req.signal?.aborted) {
        yield reply.finish('abort');
        return 'done';
      }
      throw new RetryableError(this.failure(err, reply, clock) as LlmUpstreamError);
    }
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) throw await this.refusal(res, status, reply);
    if (/application\/json/i.test(res.headers['content-type'] ?? '')) return yield* this.whole(res, status, req, reply, clock);
    return yield* this.streamed(res, status, req, reply, clock);
  }

  /** An attempt's request, its body built afresh so no attempt holds it (none follows words: ReplyState.wroteText). */
  private post(req: ModelCall, reply: ReplyState, signal: AbortSignal): Promise<IncomingMessage> {
    const body = requestBody(this.opts, req, reply.prompt());
    return postRequest(this.url, this.agent, this.headers(), body, signal);
  }

  /** An HTTP error answer; a context error also corrects what we know of the server's context and tokens. */
  private async refusal(res: IncomingMessage, status: number, reply: ReplyState): Promise<Error> {
    const body = await readLimited(res);
    const upstream = errorMessageFrom(body);
    this.opts.log.warn({ status, upstream }, 'the model server answered with an error');
    const e = httpFailure(res, status, upstream, body);
    if (e instanceof LlmContextOverflowError) {
      if (this.opts.detectContext) void this.readContext();
      this.estimate.learn(reply.promptBytes, e.promptTokens);
    }
    return e;
  }

  /** The reply from a server that answered with one JSON completion. */
  private async *whole(
    res: IncomingMessage,
    status: number,
    req: ModelCall,
    reply: ReplyState,
    clock: AttemptClock,
  ): AsyncGenerator<LlmChunk, 'done' | 'again'> {
    const { firstTokenTimeoutMs = 120_000 } = this.opts;
    clock.arm(firstTokenTimeoutMs, () => timeoutFailure.firstToken(firstTokenTimeoutMs));
    let whole: Awaited<ReturnType<typeof readWhole>>;
    try {
      whole = await readWhole(res, reply, status);
    } catch (err) {
      if (req.signal?.aborted) {
        yield reply.finish('abort');
        return 'done';
      }
      throw clock.timeoutError ?? err;
    }
    if (!whole.text.trim()) return this.noReply(reply);
    yield { text: whole.text };
    yield reply.finish(reply.stops.stopped ? 'stop' : whole.finishReason === 'length' ? 'length' : 'stop');
    return 'done';
  }

  /** The reply relayed from the server's event stream. */
  private async *streamed(
    res: IncomingMessage,
    status: number,
    req: ModelCall,
    reply: ReplyState,
    clock: AttemptClock,
  ): AsyncGenerator<LlmChunk, 'done' | 'again'> {
    const { firstTokenTimeoutMs = 120_000, idleTimeoutMs = 30_000 } = this.opts;
    clock.arm(firstTokenTimeoutMs, () => timeoutFailure.firstToken(firstTokenTimeoutMs));
    const idle = () => clock.arm(idleTimeoutMs, () => timeoutFailure.idle(idleTimeoutMs));
    // Reading stops (and the socket pauses) while our consumer is behind; silence is only timed while we read.
    const reader = new SseReader(res, {
      onBytes: () => clock.live && idle(),
      onPause: () => clock.pause(),
      onResume: () => clock.live && idle(),
    });
    const onLive = () => {
      if (clock.live) return;
      clock.live = true;
      idle();
    };
    let sawDone: boolean;
    try {
      sawDone = yield* relayEvents(reader, reply, status, { log: this.opts.log, onLive });
    } catch (err) {
      if (req.signal?.aborted) {
        yield reply.finish('abort');
        return 'done';
      }
      const e = this.failure(err, reply, clock) as LlmUpstreamError;
      if (!reply.midReply && e.code !== 'UPSTREAM_TIMEOUT') throw new RetryableError(e);
      throw e;
    }
    if (req.signal?.aborted) {
      yield reply.finish('abort');
      return 'done';
    }
    if (!sawDone && !reply.reason) {
      const e = new LlmUpstreamError(
        'The model server closed the stream before the reply was complete',
        status,
        'UPSTREAM_NETWORK',
        reply.midReply,
      );
      if (!reply.midReply) throw new RetryableError(e);
      throw e;
    }
    const rest = reply.rest();
    if (rest) {
      reply.wroteText(rest);
      yield { text: rest };
    }
    if (!reply.wrote) return this.noReply(reply);
    this.estimate.learn(reply.promptBytes, reply.usage?.prompt_tokens);
    yield reply.finish(reply.reason ?? 'stop');
    return 'done';
  }

  /** Only thinking, or nothing at all: no reply reached the user. Once more, then a clear error. */
  private noReply(reply: ReplyState): 'again' {
    if (reply.askedAgain) throw new LlmNoReplyError(reply.think.thought > 0);
    reply.askedAgain = true;
    this.opts.log.warn({ thought: reply.think.thought, reason: reply.reason }, 'the model server sent no reply; asking once more');
    reply.firstTokenMs = null;
    return 'again';
  }

  async close(): Promise<void> {}
}

export function createOpenAiProvider(opts: OpenAiOptions): OpenAiLlmProvider {
  return new OpenAiLlmProvider(opts);
}
