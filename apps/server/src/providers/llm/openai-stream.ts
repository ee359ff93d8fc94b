// Stream relay for the OpenAI-compatible provider (openai.ts): one reply's state across attempts, one attempt's
// clocks, and turning the server's answer (SSE events, or one JSON completion from a server that ignored
// `stream: true`) into text chunks: reasoning filtered out, stop sequences applied locally.
import type { IncomingMessage } from 'node:http';
import { LlmUpstreamError, type ChatMessage, type FinishReason, type LlmChunk, type LlmLog } from './llm-provider.ts';
import { readLimited, streamEventFailure } from './openai-errors.ts';
import { ThinkFilter } from './reasoning.ts';
import type { SseReader } from './sse-reader.ts';
import { StopMatcher } from './stop-matcher.ts';

export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

/**
 * One reply: what survives between attempts (a failed attempt wrote no reply) and what each attempt starts afresh. It
 * holds the prompt only while another attempt may still send it: once visible words went out none will, and a reply
 * that streams for minutes keeps its size in bytes, not its text (a long character's prompt runs to tens of kilobytes).
 */
export class ReplyState {
  readonly started = performance.now();
  readonly stops: StopMatcher;
  /** The prompt's messages, until visible words went out (`wroteText`): read them through `prompt()`. */
  private messages: ChatMessage[] | undefined;
  /** The prompt's bytes (its messages' text), for the token estimate when the server counts none. */
  readonly promptBytes: number;
  /** Characters of reply text handed over. */
  emitted = 0;
  /** Whether any visible reply text went out (a reply of blanks is no reply). */
  wrote = false;
  firstTokenMs: number | null = null;
  deltas = 0;
  /** A reply of thinking only (or nothing) is asked once more before it fails. */
  askedAgain = false;
  think = new ThinkFilter();
  usage: Usage | undefined;
  reason: FinishReason | undefined;

  constructor(
    messages: ChatMessage[],
    stop: string[],
    private readonly estimate: (bytes: number) => number,
  ) {
    this.messages = messages;
    this.promptBytes = messages.reduce((n, m) => n + Buffer.byteLength(m.content, 'utf8'), 0);
    this.stops = new StopMatcher(stop);
  }

  /** Text went out: once some of it is more than blanks, no attempt follows and the prompt is let go. */
  wroteText(text: string): void {
    if (this.wrote || !text.trim()) return;
    this.wrote = true;
    this.messages = undefined;
  }

  /** The prompt for another attempt; there is none once words went out, and asking for it then is a bug. */
  prompt(): ChatMessage[] {
    if (!this.messages) throw new Error('no attempt follows visible reply text: the prompt was let go');
    return this.messages;
  }

  get midReply(): boolean {
    return this.firstTokenMs !== null;
  }

  /** Each attempt starts afresh. */
  reset(): void {
    this.reason = undefined;
    this.usage = undefined;
    this.think = new ThinkFilter();
  }

  finish(reason: FinishReason): LlmChunk {
    const { usage } = this;
    return {
      text: '',
      finish: {
        reason,
        usage: {
          promptTokens: usage?.prompt_tokens ?? this.estimate(this.promptBytes),
          completionTokens: usage?.completion_tokens ?? this.deltas,
        },
        firstTokenMs: this.firstTokenMs,
        durationMs: performance.now() - this.started,
      },
    };
  }

  /** Text that passed the stop sequences, counted as sent. */
  pass(content: string): string {
    if (this.firstTokenMs === null) this.firstTokenMs = performance.now() - this.started;
    const passed = this.stops.push(content);
    this.emitted += passed.length;
    return passed;
  }

  /** What the filters still hold at the end of a reply. */
  rest(): string {
    return this.stops.stopped ? '' : this.stops.push(this.think.flush()) + this.stops.flush();
  }
}

/** One attempt's abort controller and its clock (one timer at a time: until the headers, the first token, between tokens). */
/**
 * The reason an attempt's own signal is aborted when it ends: one error for all, since `abort()` without a reason
 * builds a DOMException with its stack for every reply (~0.13 ms, at the end of each one).
 */
const ATTEMPT_ENDED = new Error('The request to the model server ended');

export class AttemptClock {
  private readonly ac = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  /** The clock that ran out, if one did. */
  timeoutError: LlmUpstreamError | undefined;
  /** Tokens (reply or thinking) are arriving: silence is timed between them. */
  live = false;
  private readonly onAbort = () => this.ac.abort(this.outer?.reason);

  constructor(private readonly outer: AbortSignal | undefined) {
    outer?.addEventListener('abort', this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.ac.signal;
  }

  arm(ms: number, err: () => LlmUpstreamError): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timeoutError = err();
      this.ac.abort(this.timeoutError);
    }, ms);
  }

  pause(): void {
    clearTimeout(this.timer);
  }

  /** Closes the upstream socket when we stop early (stop sequence, abort, consumer gone, error). */
  end(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onAbort);
    if (!this.ac.signal.aborted) this.ac.abort(ATTEMPT_ENDED);
  }
}

interface StreamEvent {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: Usage;
  error?: unknown;
}

/** One event's reply text (after the filters); a thinking or text delta starts the idle clock through `onLive`. */
function applyEvent(event: StreamEvent, reply: ReplyState, onLive: () => void): string {
  if (event.usage) reply.usage = event.usage;
  const choice = event.choices?.[0];
  const d = choice?.delta;
  const thinking = d?.reasoning_content ?? d?.reasoning;
  if (thinking || d?.content) {
    onLive();
    reply.deltas++;
  }
  if (thinking) reply.think.reasoning(thinking);
  const content = d?.content ? reply.think.push(d.content) : '';
  const passed = content ? reply.pass(content) : '';
  if (reply.stops.stopped) reply.reason = 'stop';
  else if (choice?.finish_reason) reply.reason = choice.finish_reason === 'length' ? 'length' : 'stop';
  return passed;
}

/**
 * Relays the SSE events as text chunks, everything that arrived since the last pull as one chunk; returns whether
 * `[DONE]` came. Until the first words are out, each pull answers with what is here; then pulls gather what came
 * meanwhile.
 */
export async function* relayEvents(
  reader: SseReader,
  reply: ReplyState,
  status: number,
  deps: { log: LlmLog; onLive: () => void },
): AsyncGenerator<LlmChunk, boolean> {
  for (let batch = await reader.next(false); batch; batch = await reader.next(reply.midReply)) {
    let text = '';
    let sawDone = false;
    for (const data of batch) {
      if (data === '[DONE]') {
        sawDone = true;
        break;
      }
      let event: StreamEvent;
      try {
        event = JSON.parse(data);
      } catch {
        if (text) yield { text };
        throw new LlmUpstreamError('The model server sent a malformed stream event', status, 'UPSTREAM_PROTOCOL', reply.midReply);
      }
      if (event.error) {
        if (text) yield { text };
        const e = streamEventFailure(event, status, reply.midReply);
        deps.log.warn({ upstream: e.detail }, 'the model server failed mid-stream');
        throw e;
      }
      text += applyEvent(event, reply, deps.onLive);
      if (reply.stops.stopped) break;
    }
    if (text) {
      reply.wroteText(text);
      yield { text };
    }
    if (sawDone) return true;
    if (reply.stops.stopped) return false;
  }
  return false;
}

interface WholeCompletion {
  choices?: { message?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: Usage;
}

/** A server that ignored `stream: true` and answered with the whole completion at once: its text, filtered. */
export async function readWhole(
  res: IncomingMessage,
  reply: ReplyState,
  status: number,
): Promise<{ text: string; finishReason: string | null | undefined }> {
  let whole: WholeCompletion;
  try {
    whole = JSON.parse(await readLimited(res, 8 * 1024 * 1024));
  } catch (err) {
    throw new LlmUpstreamError(`The model server sent an unreadable response (${(err as Error).message})`, status, 'UPSTREAM_PROTOCOL');
  }
  const content = whole.choices?.[0]?.message?.content ?? '';
  reply.usage = whole.usage;
  reply.firstTokenMs = performance.now() - reply.started;
  reply.deltas = content ? 1 : 0;
  const text = reply.stops.push(reply.think.push(content) + reply.think.flush()) + reply.stops.flush();
  return { text, finishReason: whole.choices?.[0]?.finish_reason };
}
