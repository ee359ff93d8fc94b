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
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { detectContextSize } from './context-size.ts';
import { arrangeMessages, type MessageOrder } from './message-order.ts';
import { ThinkFilter } from './reasoning.ts';
import { SseReader, streamingAgent } from './sse-reader.ts';
import { StopMatcher } from './stop-matcher.ts';
import { httpErrorSentence, isContextError, isTemplateError } from './upstream-errors.ts';
import {
  LlmNoReplyError,
  LlmUpstreamError,
  type ChatMessage,
  type FinishReason,
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
  /** OpenAI rejects unknown sampling fields; llama.cpp, vLLM, Ollama and LM Studio accept top_k/min_p/repeat_penalty. */
  extendedSampling?: boolean;
  log: LlmLog;
}

/** OpenAI's API accepts at most four stop sequences; the rest are applied locally. */
const MAX_UPSTREAM_STOPS = 4;
const MAX_ERROR_BODY = 64 * 1024;
/** A context size the server did not tell is asked again after this long (on the next `info()`). */
const CONTEXT_REREAD_MS = 30_000;

class RetryableError extends Error {
  constructor(
    override readonly cause: LlmUpstreamError,
    readonly retryAfterMs?: number,
  ) {
    super(cause.message);
  }
}

function errorMessageFrom(body: string): string {
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    const e = j.error;
    if (typeof e === 'string') return e;
    if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
    if (typeof j.message === 'string') return j.message;
    if (typeof j.detail === 'string') return j.detail;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 500) || 'no details';
}

/** The body as text, at most about `limit` characters (the rest is dropped with the socket). */
function readLimited(res: IncomingMessage, limit = MAX_ERROR_BODY): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > limit) {
        res.destroy();
        resolve(text);
      }
    });
    res.on('end', () => resolve(text));
    res.on('error', reject);
    res.on('close', () => resolve(text));
  });
}

function retryAfter(res: IncomingMessage): number | undefined {
  const v = Number(res.headers['retry-after']);
  return Number.isFinite(v) && v > 0 ? Math.min(v * 1000, 30_000) : undefined;
}

function networkReason(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e.code ?? e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

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

  constructor(private readonly opts: OpenAiOptions) {
    this.url = new URL(`${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`);
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
        if (found.size !== this.detected)
          this.opts.log.info({ contextSize: found.size, source: found.source }, 'model server context size');
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

  /** POSTs the request; resolves with the response once its headers are in. An abort destroys the socket. */
  private post(body: string, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const transport = this.url.protocol === 'https:' ? https : http;
      let response: IncomingMessage | undefined;
      const req = transport.request(
        this.url,
        { method: 'POST', headers: { ...this.headers(), 'content-length': Buffer.byteLength(body) }, agent: this.agent },
        (res) => resolve((response = res)),
      );
      const onAbort = () => {
        // The whole response is already here (unread): nothing to cancel upstream. Destroying now would tear down a
        // socket on its way back to the keep-alive pool, whose error nobody listens to any more; reading the rest
        // away hands it back instead.
        if (response?.complete) response.resume();
        else req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      // Until the exchange is over, response body included; 'close' also follows an error.
      req.on('close', () => signal.removeEventListener('abort', onAbort));
      req.on('error', reject);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      req.end(body);
    });
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

  /**
   * Remote models have no local tokenizer: an estimate from the bytes. It starts at 3 bytes per token (English BPE
   * vocabularies average about 4, so trimming errs safe) and learns from the server: each reply's `prompt_tokens`
   * against the prompt's bytes, and the token count a context error names, only ever lower it (with a 5 % margin),
   * so a model with a small vocabulary stops overflowing its context after its first reply.
   */
  countTokens(text: string): number {
    return Math.ceil(Buffer.byteLength(text, 'utf8') / this.bytesPerToken);
  }

  private bytesPerToken = 3;

  private learnTokens(messages: readonly ChatMessage[], promptTokens: number | undefined): void {
    if (!promptTokens || promptTokens <= 0) return;
    const bytes = messages.reduce((n, m) => n + Buffer.byteLength(m.content, 'utf8'), 0);
    const ratio = (bytes / promptTokens) * 0.95;
    if (ratio < this.bytesPerToken) {
      this.bytesPerToken = Math.max(0.5, ratio);
      this.opts.log.info({ bytesPerToken: Math.round(this.bytesPerToken * 100) / 100 }, 'token estimate adjusted to the model server');
    }
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
    };
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
    return this.generate(request);
  }

  private body(req: StreamChatRequest) {
    const { extendedSampling } = this.opts;
    return JSON.stringify({
      model: this.opts.model,
      messages: arrangeMessages(req.messages, this.opts.messageOrder).map((m: ChatMessage) => ({ role: m.role, content: m.content })),
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: req.maxTokens,
      temperature: req.temperature,
      top_p: req.topP,
      ...(req.stop.length ? { stop: req.stop.filter(Boolean).slice(0, MAX_UPSTREAM_STOPS) } : {}),
      ...(extendedSampling && req.topK !== undefined ? { top_k: req.topK } : {}),
      ...(extendedSampling && req.minP !== undefined ? { min_p: req.minP } : {}),
      ...(extendedSampling && req.repeatPenalty !== undefined ? { repeat_penalty: req.repeatPenalty } : {}),
    });
  }

  private async *generate(req: StreamChatRequest): AsyncGenerator<LlmChunk> {
    const {
      connectTimeoutMs = 15_000,
      firstTokenTimeoutMs = 120_000,
      idleTimeoutMs = 30_000,
      retries = 2,
      retryBaseDelayMs = 500,
    } = this.opts;
    req.onQueuePosition?.(0);
    const started = performance.now();
    const body = this.body(req);
    const stops = new StopMatcher(req.stop);
    let emitted = 0;
    /** Whether any visible reply text went out (a reply of blanks is no reply). */
    let wrote = false;
    let firstTokenMs: number | null = null;
    let deltas = 0;
    /** A reply of thinking only (or nothing) is asked once more before it fails. */
    let askedAgain = false;
    let think = new ThinkFilter();
    let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
    let reason: FinishReason | undefined;
    // A closure, so that TypeScript does not narrow `usage` to its reset value.
    const reportedPromptTokens = () => usage?.prompt_tokens;
    const finish = (r: FinishReason): LlmChunk => ({
      text: '',
      finish: {
        reason: r,
        usage: {
          promptTokens: usage?.prompt_tokens ?? this.countTokens(req.messages.map((m) => m.content).join('\n')),
          completionTokens: usage?.completion_tokens ?? deltas,
        },
        firstTokenMs,
        durationMs: performance.now() - started,
      },
    });
    this.active++;
    try {
      for (let attempt = 0; ; attempt++) {
        if (req.signal?.aborted) {
          yield finish('abort');
          return;
        }
        // Each attempt starts afresh (a failed one wrote no reply).
        reason = undefined;
        usage = undefined;
        think = new ThinkFilter();
        /** Tokens (reply or thinking) are arriving: silence is timed between them. */
        let live = false;
        const ac = new AbortController();
        const onAbort = () => ac.abort(req.signal?.reason);
        req.signal?.addEventListener('abort', onAbort, { once: true });
        let timer: NodeJS.Timeout | undefined;
        let timeoutError: LlmUpstreamError | undefined;
        const arm = (ms: number, err: () => LlmUpstreamError) => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            timeoutError = err();
            ac.abort(timeoutError);
          }, ms);
        };
        const failure = (err: unknown): unknown => {
          if (timeoutError) return timeoutError;
          if (err instanceof LlmUpstreamError || err instanceof RetryableError) return err;
          return new LlmUpstreamError(
            emitted > 0 || firstTokenMs !== null
              ? `The connection to the model server broke mid-reply (${networkReason(err)})`
              : `Could not reach the model server at ${this.opts.baseUrl} (${networkReason(err)})`,
            undefined,
            'UPSTREAM_NETWORK',
            firstTokenMs !== null,
          );
        };
        try {
          arm(
            connectTimeoutMs,
            () =>
              new LlmUpstreamError(`The model server did not answer within ${connectTimeoutMs / 1000} s`, undefined, 'UPSTREAM_TIMEOUT'),
          );
          let res: IncomingMessage;
          try {
            res = await this.post(body, ac.signal);
          } catch (err) {
            if (req.signal?.aborted) {
              yield finish('abort');
              return;
            }
            const e = failure(err) as LlmUpstreamError;
            throw new RetryableError(e);
          }
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            const upstream = errorMessageFrom(await readLimited(res));
            const e = new LlmUpstreamError(httpErrorSentence(status, upstream), status, 'UPSTREAM_HTTP', false, upstream);
            this.opts.log.warn({ status, upstream }, 'the model server answered with an error');
            if (isContextError(upstream)) {
              if (this.opts.detectContext) void this.readContext();
              // llama.cpp: "request (1163 tokens) exceeds…"; vLLM: "…you requested 1500 tokens (1400 in the messages…".
              const named = /request \((\d+) tokens\)|(\d+) in the messages/.exec(upstream);
              if (named) this.learnTokens(req.messages, Number(named[1] ?? named[2]));
            }
            // A busy or failing server may answer the next try; a refusal (4xx) or a template that cannot render our
            // messages will not.
            if ((status === 429 || status >= 500) && !isTemplateError(upstream)) throw new RetryableError(e, retryAfter(res));
            throw e;
          }
          if (/application\/json/i.test(res.headers['content-type'] ?? '')) {
            // A server that ignored `stream: true` and answered with the whole completion at once.
            arm(
              firstTokenTimeoutMs,
              () =>
                new LlmUpstreamError(
                  `The model server sent no reply within ${firstTokenTimeoutMs / 1000} s`,
                  undefined,
                  'UPSTREAM_TIMEOUT',
                ),
            );
            let whole: { choices?: { message?: { content?: string | null }; finish_reason?: string | null }[]; usage?: typeof usage };
            try {
              whole = JSON.parse(await readLimited(res, 8 * 1024 * 1024));
            } catch (err) {
              if (req.signal?.aborted) {
                yield finish('abort');
                return;
              }
              if (timeoutError) throw timeoutError;
              throw new LlmUpstreamError(
                `The model server sent an unreadable response (${(err as Error).message})`,
                status,
                'UPSTREAM_PROTOCOL',
              );
            }
            const content = whole.choices?.[0]?.message?.content ?? '';
            usage = whole.usage;
            firstTokenMs = performance.now() - started;
            deltas = content ? 1 : 0;
            const text = stops.push(think.push(content) + think.flush()) + stops.flush();
            if (!text.trim()) {
              if (!askedAgain) {
                askedAgain = true;
                this.opts.log.warn({ thought: think.thought }, 'the model server sent no reply; asking once more');
                firstTokenMs = null;
                continue;
              }
              throw new LlmNoReplyError(think.thought > 0);
            }
            yield { text };
            yield finish(stops.stopped ? 'stop' : whole.choices?.[0]?.finish_reason === 'length' ? 'length' : 'stop');
            return;
          }
          arm(
            firstTokenTimeoutMs,
            () =>
              new LlmUpstreamError(`The model server sent no reply within ${firstTokenTimeoutMs / 1000} s`, undefined, 'UPSTREAM_TIMEOUT'),
          );
          const idle = () =>
            arm(
              idleTimeoutMs,
              () =>
                new LlmUpstreamError(
                  `The model server went silent for ${idleTimeoutMs / 1000} s mid-reply`,
                  undefined,
                  'UPSTREAM_TIMEOUT',
                  true,
                ),
            );
          let sawDone = false;
          // Reading stops (and the socket pauses) while our consumer is behind; silence is only timed while we read.
          const reader = new SseReader(res, {
            onBytes: () => live && idle(),
            onPause: () => clearTimeout(timer),
            onResume: () => live && idle(),
          });
          try {
            // Until the first words are out, each pull answers with what is here; then pulls gather what came meanwhile.
            for (let batch = await reader.next(false); batch; batch = await reader.next(firstTokenMs !== null)) {
              let text = '';
              for (const data of batch) {
                if (data === '[DONE]') {
                  sawDone = true;
                  break;
                }
                let event: {
                  choices?: {
                    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
                    finish_reason?: string | null;
                  }[];
                  usage?: typeof usage;
                  error?: unknown;
                };
                try {
                  event = JSON.parse(data);
                } catch {
                  if (text) yield { text };
                  throw new LlmUpstreamError(
                    'The model server sent a malformed stream event',
                    status,
                    'UPSTREAM_PROTOCOL',
                    firstTokenMs !== null,
                  );
                }
                if (event.error) {
                  if (text) yield { text };
                  const upstream = errorMessageFrom(JSON.stringify(event));
                  this.opts.log.warn({ upstream }, 'the model server failed mid-stream');
                  const code = (event.error as { code?: unknown }).code;
                  throw new LlmUpstreamError(
                    httpErrorSentence(typeof code === 'number' ? code : 500, upstream),
                    status,
                    'UPSTREAM_HTTP',
                    firstTokenMs !== null,
                    upstream,
                  );
                }
                if (event.usage) usage = event.usage;
                const choice = event.choices?.[0];
                const d = choice?.delta;
                const thinking = d?.reasoning_content ?? d?.reasoning;
                if (thinking || d?.content) {
                  if (!live) {
                    live = true;
                    idle();
                  }
                  deltas++;
                }
                if (thinking) think.reasoning(thinking);
                const content = d?.content ? think.push(d.content) : '';
                if (content) {
                  if (firstTokenMs === null) firstTokenMs = performance.now() - started;
                  const passed = stops.push(content);
                  emitted += passed.length;
                  text += passed;
                  if (stops.stopped) {
                    reason = 'stop';
                    break;
                  }
                }
                if (choice?.finish_reason) reason = choice.finish_reason === 'length' ? 'length' : 'stop';
              }
              // Everything that arrived since the last pull goes out as one chunk.
              if (text) {
                wrote ||= text.trim() !== '';
                yield { text };
              }
              if (sawDone || stops.stopped) break;
            }
          } catch (err) {
            if (req.signal?.aborted) {
              yield finish('abort');
              return;
            }
            const e = failure(err) as LlmUpstreamError;
            if (firstTokenMs === null && e.code !== 'UPSTREAM_TIMEOUT') throw new RetryableError(e);
            throw e;
          }
          if (req.signal?.aborted) {
            yield finish('abort');
            return;
          }
          if (!sawDone && !reason) {
            const e = new LlmUpstreamError(
              'The model server closed the stream before the reply was complete',
              status,
              'UPSTREAM_NETWORK',
              firstTokenMs !== null,
            );
            if (firstTokenMs === null) throw new RetryableError(e);
            throw e;
          }
          const rest = stops.stopped ? '' : stops.push(think.flush()) + stops.flush();
          if (rest) {
            wrote ||= rest.trim() !== '';
            yield { text: rest };
          }
          if (!wrote) {
            // Only thinking, or nothing at all: no reply reached the user. Once more, then a clear error.
            if (!askedAgain) {
              askedAgain = true;
              this.opts.log.warn({ thought: think.thought, reason }, 'the model server sent no reply; asking once more');
              firstTokenMs = null;
              continue;
            }
            throw new LlmNoReplyError(think.thought > 0);
          }
          this.learnTokens(req.messages, reportedPromptTokens());
          yield finish(reason ?? 'stop');
          return;
        } catch (err) {
          if (!(err instanceof RetryableError)) throw err;
          if (attempt >= retries || firstTokenMs !== null) throw err.cause;
          const delay = err.retryAfterMs ?? retryBaseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
          this.opts.log.warn(
            { err: err.cause.message, attempt: attempt + 1, delayMs: Math.round(delay) },
            'model server request failed; retrying',
          );
          clearTimeout(timer);
          await abortableSleep(delay, req.signal);
        } finally {
          clearTimeout(timer);
          req.signal?.removeEventListener('abort', onAbort);
          // Closes the upstream socket when we stop early (stop sequence, abort, consumer gone, error).
          if (!ac.signal.aborted) ac.abort();
        }
      }
    } finally {
      this.active--;
    }
  }

  async close(): Promise<void> {}
}

export function createOpenAiProvider(opts: OpenAiOptions): OpenAiLlmProvider {
  return new OpenAiLlmProvider(opts);
}
