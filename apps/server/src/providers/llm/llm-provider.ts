// The language-model seam the chat module talks to. Two implementations: embedded llama.cpp (embedded.ts) and any
// OpenAI-compatible server (openai.ts). Both stream text chunks and end with one chunk carrying the finish reason.
import type { ProviderHealth } from '../health.ts';
import type { MessageOrder } from './message-order.ts';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface StreamChatRequest {
  /** A trailing assistant message is continued (used for "continue a cut-off reply"). */
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  topP: number;
  topK?: number;
  minP?: number;
  repeatPenalty?: number;
  stop: string[];
  signal?: AbortSignal;
  /**
   * Called while the request waits for a free generation slot: position 1 = next in line. Called with 0 once
   * generation starts. Providers without a local queue call it once with 0.
   */
  onQueuePosition?: (position: number) => void;
}

export type FinishReason = 'stop' | 'length' | 'abort';

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface LlmFinish {
  reason: FinishReason;
  usage: LlmUsage;
  /** Wall time from the start of generation (after queueing) to the first text chunk. */
  firstTokenMs: number | null;
  /** Wall time of the generation (after queueing). */
  durationMs: number;
}

/** Text chunks stream with `finish` undefined; the last chunk has empty text and `finish` set. */
export interface LlmChunk {
  text: string;
  finish?: LlmFinish;
}

export type LlmState = 'ready' | 'loading' | 'downloading' | 'error';

export interface LlmInfo {
  provider: 'embedded' | 'openai';
  model: string;
  contextSize: number;
  /** The order the provider sends messages in (prompt assembly counts the arranged messages). */
  messageOrder: MessageOrder;
  ready: boolean;
  state: LlmState;
  /** 0–100 while downloading. */
  progress?: number;
  /** Bytes so far and in total (total unknown when the server sends no length) while downloading. */
  download?: { receivedBytes: number; totalBytes?: number };
  error?: string;
  /** While the model is still on its way: what went wrong with the last attempt, in words (it is being retried). */
  problem?: string;
  /** `retry()` would start again now (after a failed start). */
  canRetry?: boolean;
  /** Generations running now and waiting for a slot (embedded only). */
  active?: number;
  queued?: number;
}

export interface LlmProvider extends ProviderHealth {
  streamChat(request: StreamChatRequest): AsyncIterable<LlmChunk>;
  /** Real tokens for the embedded model; a conservative estimate for remote models without a tokenizer. */
  countTokens(text: string): number;
  /**
   * The tokens the whole prompt takes as the model sees it, chat template included (its fixed text, role markers,
   * the opening of the reply), counted by the model's own tokenizer; undefined when the provider cannot tell in a
   * moment (then callers estimate). At most one request to the model server per call, cached per prompt.
   */
  countPrompt?(messages: readonly ChatMessage[]): Promise<number | undefined>;
  info(): LlmInfo;
  /** Settles once the provider is ready or has failed to start (then `info().state` is 'error'). */
  whenReady(): Promise<void>;
  /** Starts again after a failed start (download, load) or checks the model server again; a no-op otherwise. */
  retry?(): void | Promise<void>;
  /** The state every page shows (GET /api/chat/status and /api/health), when it takes more than `info()` (a probe). */
  currentState?(): Promise<LlmInfo>;
  close(): Promise<void>;
}

export type LlmUnavailableCode = 'MODEL_DOWNLOADING' | 'MODEL_LOADING' | 'MODEL_ERROR' | 'CLOSED';

/** The model cannot serve requests right now (downloading, loading, failed). Routes map this to 503. */
export class LlmUnavailableError extends Error {
  constructor(
    readonly code: LlmUnavailableCode,
    message: string,
    readonly progress?: number,
  ) {
    super(message);
    this.name = 'LlmUnavailableError';
  }
}

/** The remote model server answered with an error or broke the stream. */
export class LlmUpstreamError extends Error {
  constructor(
    message: string,
    /** HTTP status from upstream; undefined for network errors and timeouts. */
    readonly status: number | undefined,
    readonly code: 'UPSTREAM_HTTP' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_NETWORK' | 'UPSTREAM_PROTOCOL' | 'UPSTREAM_NO_REPLY',
    /** True when part of the reply had already streamed before the failure. */
    readonly partial = false,
    /** The model server's own text: for the log, never for users (`message` is the sentence users see). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LlmUpstreamError';
  }
}

/**
 * The model server refused the prompt as longer than its context (llama.cpp 400 `exceed_context_size_error`, OpenAI
 * `context_length_exceeded`, vLLM's "maximum context length"). The counts are the server's, when it names them.
 */
export class LlmContextOverflowError extends LlmUpstreamError {
  constructor(
    message: string,
    status: number,
    detail: string,
    /** The prompt's tokens as the server counted them. */
    readonly promptTokens?: number,
    /** The context the server runs with. */
    readonly contextSize?: number,
  ) {
    super(message, status, 'UPSTREAM_HTTP', false, detail);
    this.name = 'LlmContextOverflowError';
  }
}

/**
 * The model ended without writing any reply (it only thought, or wrote nothing), also after one more try. Nothing of
 * a reply reached the user, so nothing is charged for it (the chat service refunds every failed generation).
 */
export class LlmNoReplyError extends LlmUpstreamError {
  constructor(readonly thoughtOnly: boolean) {
    super(
      thoughtOnly
        ? 'The model only thought and wrote no reply, twice. Try again, or rephrase your message.'
        : 'The model wrote an empty reply, twice. Try again, or rephrase your message.',
      undefined,
      'UPSTREAM_NO_REPLY',
    );
    this.name = 'LlmNoReplyError';
  }
}

export interface LlmLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Collects a stream into its text and finish; handy for summaries and tests. */
export async function collectChat(stream: AsyncIterable<LlmChunk>): Promise<{ text: string; finish: LlmFinish }> {
  let text = '';
  let finish: LlmFinish | undefined;
  for await (const chunk of stream) {
    text += chunk.text;
    if (chunk.finish) finish = chunk.finish;
  }
  if (!finish) throw new Error('The language-model stream ended without a finish chunk');
  return { text, finish };
}
