// Embedded language model: llama.cpp in this process through node-llama-cpp. One model, one context with
// LLM_PARALLEL sequences, a FIFO line for requests beyond that, and the chat wrapper resolved once from the GGUF.
import path from 'node:path';
import {
  LlamaChat,
  resolveChatWrapper,
  type ChatWrapper,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaModel,
} from 'node-llama-cpp';
import { describeDownloadFailure, downloadModel, modelFileName } from './download.ts';
import {
  LlmUnavailableError,
  type ChatMessage,
  type FinishReason,
  type LlmChunk,
  type LlmInfo,
  type LlmLog,
  type LlmProvider,
  type LlmState,
  type StreamChatRequest,
} from './llm-provider.ts';
import { arrangeMessages, type MessageOrder } from './message-order.ts';
import { PoolClosedError, SlotPool } from './slot-pool.ts';
import { Channel, countChatPrompt, defaultThreads, nextTick, sharedLlama, toHistory } from './embedded-runtime.ts';

export { defaultThreads, loadLlamaWithRetries } from './embedded-runtime.ts';

/**
 * Hermes 3 (Llama 3.2 3B) by Nous Research, Q4_K_M, ~2.0 GB: a full fine-tune aimed at roleplay, multi-turn
 * coherence and following the system prompt (character cards live there), ChatML template, Llama 3.2 Community
 * licence. At 3B parameters it answers at a readable pace on a laptop CPU with 4 GB of free RAM.
 * The SHA-256 is not pinned (it could not be looked up from this machine); set LLM_MODEL_SHA256 to enforce one.
 */
export const DEFAULT_MODEL_URL =
  'https://huggingface.co/NousResearch/Hermes-3-Llama-3.2-3B-GGUF/resolve/main/Hermes-3-Llama-3.2-3B.Q4_K_M.gguf';

export interface EmbeddedOptions {
  /** A local GGUF; when unset the model at `modelUrl` is downloaded into `<dataDir>/models`. */
  modelPath?: string;
  modelUrl?: string;
  modelSha256?: string;
  dataDir: string;
  /** Generations that run at once (context sequences). */
  parallel: number;
  threads?: number;
  /** Tokens per sequence; capped by what the model was trained on. */
  contextSize?: number;
  gpu?: 'auto' | false;
  /** The order messages are given to the model's chat template in (message-order.ts); default strict. */
  messageOrder?: MessageOrder;
  log: LlmLog;
  /** Passed to the downloader (tests shorten retry delays). */
  download?: { retries?: number; retryDelayMs?: number; idleTimeoutMs?: number; progressIntervalMs?: number };
}

/** What to do instead when the model cannot be downloaded (said with every download failure). */
export const DOWNLOAD_ADVICE =
  'To chat without this download, set LLM_MODEL_PATH to a .gguf file on this machine, or set LLM_PROVIDER=openai with LLM_BASE_URL and LLM_MODEL pointing at a model server.';

const LOAD_ADVICE = 'Press Retry, or set LLM_PROVIDER=openai with LLM_BASE_URL and LLM_MODEL pointing at a model server.';

export class EmbeddedLlmProvider implements LlmProvider {
  readonly name = 'llm';
  readonly kind = 'embedded';
  private state: LlmState = 'loading';
  private progress: number | undefined;
  private downloaded: { receivedBytes: number; totalBytes?: number } | undefined;
  private error: string | undefined;
  /** A failed download attempt that is being retried, in words (and when the next attempt starts). */
  private retrying: { problem: string; at: number; tryNow: () => void } | undefined;
  private modelName: string;
  private model: LlamaModel | undefined;
  private context: LlamaContext | undefined;
  private wrapper: ChatWrapper | undefined;
  private pool: SlotPool<LlamaContextSequence> | undefined;
  private readonly closing = new AbortController();
  private started: Promise<void>;
  readonly threads: number;
  readonly parallel: number;

  constructor(private readonly opts: EmbeddedOptions) {
    this.parallel = Math.max(1, Math.floor(opts.parallel));
    this.threads = opts.threads && opts.threads > 0 ? Math.floor(opts.threads) : defaultThreads(undefined, this.parallel);
    this.modelName = opts.modelPath
      ? path.basename(opts.modelPath)
      : modelFileName(opts.modelUrl ?? DEFAULT_MODEL_URL).replace(/\.gguf$/, '');
    this.started = this.run();
  }

  private run(): Promise<void> {
    return this.start().catch((err: unknown) => {
      if (this.closing.signal.aborted) return;
      this.state = 'error';
      this.retrying = undefined;
      this.error = err instanceof Error ? err.message : String(err);
      this.opts.log.error({ err }, 'language model failed to start');
    });
  }

  /**
   * After a failed start (download or load), starts again; between two download attempts, starts the next one now
   * (the wait grows to a minute, so Retry is offered at once rather than after every attempt failed). Does nothing
   * while starting or ready.
   */
  retry(): void {
    if (this.closing.signal.aborted) return;
    if (this.state === 'downloading' && this.retrying) {
      const { tryNow } = this.retrying;
      this.retrying = undefined;
      this.opts.log.info({}, 'trying the model download again now');
      tryNow();
      return;
    }
    if (this.state !== 'error') return;
    this.state = 'loading';
    this.error = undefined;
    this.opts.log.info({}, 'starting the language model again');
    this.started = this.run();
  }

  /** Settles when the model is ready or has failed (check `info().state`). */
  whenReady(): Promise<void> {
    return this.started;
  }

  private async start(): Promise<void> {
    const { opts } = this;
    let modelPath = opts.modelPath;
    if (!modelPath) {
      const url = opts.modelUrl ?? DEFAULT_MODEL_URL;
      this.state = 'downloading';
      this.progress = 0;
      let lastLogged = -10;
      let lastLoggedBytes = 0;
      try {
        modelPath = await downloadModel({
          url,
          dir: path.join(opts.dataDir, 'models'),
          sha256: opts.modelSha256,
          signal: this.closing.signal,
          ...opts.download,
          onRetry: ({ attempt, attempts, delayMs, error, tryNow }) => {
            const problem = describeDownloadFailure(error, url);
            this.retrying = { problem, at: Date.now() + delayMs, tryNow };
            opts.log.warn({ err: error, url, attempt, attempts, delayMs }, `model download attempt failed: ${problem}`);
          },
          onProgress: (p) => {
            this.retrying = undefined;
            this.progress = p.percent;
            this.downloaded = { receivedBytes: p.receivedBytes, ...(p.totalBytes !== undefined ? { totalBytes: p.totalBytes } : {}) };
            const due = p.percent !== undefined ? p.percent - lastLogged >= 5 : p.receivedBytes - lastLoggedBytes >= 100 * 1024 * 1024;
            if (due) {
              lastLogged = p.percent ?? lastLogged;
              lastLoggedBytes = p.receivedBytes;
              opts.log.info(
                { url, receivedBytes: p.receivedBytes, totalBytes: p.totalBytes, percent: p.percent },
                'downloading the language model',
              );
            }
          },
        });
      } catch (err) {
        if (this.closing.signal.aborted) throw err;
        throw new Error(`${describeDownloadFailure(err, url)} ${DOWNLOAD_ADVICE}`, { cause: err });
      } finally {
        this.retrying = undefined;
      }
      this.progress = undefined;
      this.downloaded = undefined;
      opts.log.info({ modelPath }, 'language model downloaded');
    }
    this.state = 'loading';
    const llama = await sharedLlama(opts.gpu ?? 'auto', this.threads, opts.log).catch((err: unknown) => {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`llama.cpp could not be loaded on this machine (${why}). ${LOAD_ADVICE}`, { cause: err });
    });
    this.closing.signal.throwIfAborted();
    const model = await llama.loadModel({ modelPath });
    this.model = model;
    if (this.closing.signal.aborted) return;
    const trained = model.trainContextSize;
    const contextSize = Math.min(opts.contextSize ?? 4096, trained > 0 ? trained : Infinity);
    this.context = await model.createContext({ sequences: this.parallel, contextSize, threads: this.threads });
    if (this.closing.signal.aborted) return;
    this.wrapper = resolveChatWrapper(model);
    const seqs: LlamaContextSequence[] = [];
    for (let i = 0; i < this.parallel; i++) seqs.push(this.context.getSequence());
    this.pool = new SlotPool(seqs);
    this.modelName = model.fileInfo.metadata.general?.name || this.modelName;
    this.state = 'ready';
    opts.log.info(
      {
        model: this.modelName,
        contextSize: this.context.contextSize,
        parallel: this.parallel,
        threads: this.threads,
        gpu: llama.gpu,
        chatWrapper: this.wrapper.wrapperName,
      },
      'language model ready',
    );
  }

  info(): LlmInfo {
    return {
      provider: 'embedded',
      model: this.modelName,
      contextSize: this.context?.contextSize ?? this.opts.contextSize ?? 4096,
      messageOrder: this.opts.messageOrder ?? 'strict',
      ready: this.state === 'ready',
      state: this.state,
      ...(this.progress !== undefined ? { progress: this.progress } : {}),
      ...(this.downloaded && this.state === 'downloading' ? { download: this.downloaded } : {}),
      ...(this.error ? { error: this.error } : {}),
      ...(this.retrying && this.state === 'downloading'
        ? {
            problem: `${this.retrying.problem} Trying again in ${Math.max(1, Math.ceil((this.retrying.at - Date.now()) / 1000))} s. ${DOWNLOAD_ADVICE}`,
          }
        : {}),
      canRetry: (this.state === 'error' || (this.state === 'downloading' && !!this.retrying)) && !this.closing.signal.aborted,
      active: this.pool?.active ?? 0,
      queued: this.pool?.waiting ?? 0,
    };
  }

  async health() {
    if (this.state === 'ready')
      return { status: 'ok' as const, detail: `${this.modelName}, ${this.pool?.active ?? 0} running, ${this.pool?.waiting ?? 0} waiting` };
    if (this.state === 'downloading') {
      if (this.retrying) return { status: 'down' as const, detail: this.info().problem };
      const detail = this.progress === undefined ? 'Downloading the model' : `Downloading the model: ${this.progress} %`;
      return { status: 'down' as const, detail };
    }
    if (this.state === 'loading') return { status: 'down' as const, detail: 'Loading the model' };
    return { status: 'down' as const, detail: this.error ?? 'The model failed to start' };
  }

  countTokens(text: string): number {
    if (!this.model) throw this.unavailable();
    return this.model.tokenize(text, false).length;
  }

  /** The whole prompt through the chat wrapper the replies use (embedded-runtime.ts). */
  async countPrompt(messages: readonly ChatMessage[]): Promise<number | undefined> {
    if (!this.model || !this.wrapper) return undefined;
    return countChatPrompt(this.model, this.wrapper, messages, this.opts.messageOrder);
  }

  private unavailable(): LlmUnavailableError {
    if (this.closing.signal.aborted) return new LlmUnavailableError('CLOSED', 'The language model is shut down.');
    switch (this.state) {
      case 'downloading':
        if (this.retrying) return new LlmUnavailableError('MODEL_DOWNLOADING', this.info().problem ?? this.retrying.problem);
        if (this.progress === undefined) {
          return new LlmUnavailableError('MODEL_DOWNLOADING', 'The model is downloading. Try again in a few minutes.');
        }
        return new LlmUnavailableError('MODEL_DOWNLOADING', `The model is downloading: ${Math.floor(this.progress)} %`, this.progress);
      case 'loading':
        return new LlmUnavailableError('MODEL_LOADING', 'The model is loading. Try again in a moment.');
      default:
        return new LlmUnavailableError('MODEL_ERROR', `The language model is unavailable: ${this.error ?? 'it failed to start'}`);
    }
  }

  /** Throws LlmUnavailableError at once (before any streaming) when the model cannot serve. */
  streamChat(request: StreamChatRequest): AsyncIterable<LlmChunk> {
    if (this.state !== 'ready' || !this.pool || this.closing.signal.aborted) throw this.unavailable();
    return this.generate(request, this.pool);
  }

  private async *generate(req: StreamChatRequest, pool: SlotPool<LlamaContextSequence>): AsyncGenerator<LlmChunk> {
    const stop = new AbortController();
    const onAbort = () => stop.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const onClose = () => stop.abort(new LlmUnavailableError('CLOSED', 'The language model is shut down.'));
    this.closing.signal.addEventListener('abort', onClose, { once: true });
    let sequence: LlamaContextSequence | undefined;
    let chat: LlamaChat | undefined;
    let run: Promise<unknown> | undefined;
    let failed = false;
    try {
      try {
        sequence = await pool.acquire({ signal: stop.signal, onPosition: req.onQueuePosition });
      } catch (err) {
        if (err instanceof PoolClosedError) throw this.unavailable();
        if (req.signal?.aborted) {
          yield {
            text: '',
            finish: { reason: 'abort', usage: { promptTokens: 0, completionTokens: 0 }, firstTokenMs: null, durationMs: 0 },
          };
          return;
        }
        throw err;
      }
      req.onQueuePosition?.(0);
      const startedAt = performance.now();
      let firstTokenMs: number | null = null;
      let completionTokens = 0;
      const channel = new Channel();
      chat = new LlamaChat({ contextSequence: sequence, chatWrapper: this.wrapper, autoDisposeSequence: false });
      const generation = chat
        .generateResponse(toHistory(arrangeMessages(req.messages, this.opts.messageOrder)), {
          signal: stop.signal,
          stopOnAbortSignal: true,
          maxTokens: req.maxTokens,
          temperature: req.temperature,
          topP: req.topP,
          topK: req.topK,
          minP: req.minP,
          ...(req.repeatPenalty && req.repeatPenalty !== 1 ? { repeatPenalty: { penalty: req.repeatPenalty } } : {}),
          customStopTriggers: req.stop.filter((s) => s.length > 0),
          onTextChunk: (text) => {
            if (firstTokenMs === null) firstTokenMs = performance.now() - startedAt;
            channel.push(text);
          },
          onToken: (tokens) => {
            completionTokens += tokens.length;
          },
        })
        .finally(() => channel.close());
      // Keep a rejection from surfacing as unhandled before we await it below.
      run = generation.catch(() => {});
      for await (const text of channel.drain()) yield { text };
      const res = await generation;
      const why = res.metadata.stopReason;
      const reason: FinishReason = why === 'abort' ? 'abort' : why === 'maxTokens' ? 'length' : 'stop';
      const promptTokens = Math.max(0, sequence.contextTokens.length - completionTokens);
      yield {
        text: '',
        finish: { reason, usage: { promptTokens, completionTokens }, firstTokenMs, durationMs: performance.now() - startedAt },
      };
    } catch (err) {
      failed = true;
      if (this.closing.signal.aborted) throw this.unavailable();
      throw err;
    } finally {
      // Reached on normal end, error, and when the consumer stops iterating early (then generation is aborted first).
      if (!stop.signal.aborted) stop.abort();
      // The sequence goes back to the pool only once llama.cpp has finished with it.
      if (run) await run;
      req.signal?.removeEventListener('abort', onAbort);
      this.closing.signal.removeEventListener('abort', onClose);
      chat?.dispose({ disposeSequence: false });
      if (sequence) await this.giveBack(pool, sequence, failed);
    }
  }

  private async giveBack(pool: SlotPool<LlamaContextSequence>, sequence: LlamaContextSequence, failed: boolean): Promise<void> {
    if (this.closing.signal.aborted || !this.context || this.context.disposed) {
      pool.forget();
      return;
    }
    if (!failed) {
      pool.release(sequence);
      return;
    }
    // After an error the sequence state is unknown: replace it. Its slot frees a tick after dispose, not sooner.
    pool.forget();
    sequence.dispose();
    await nextTick();
    const context = this.context;
    if (context.disposed) return;
    try {
      pool.add(context.getSequence());
    } catch (err) {
      this.opts.log.error({ err }, 'could not replace a language-model sequence');
    }
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    this.pool?.close();
    await this.started;
    await this.context?.dispose();
    await this.model?.dispose();
    this.state = 'error';
    this.error = 'closed';
  }
}

export function createEmbeddedProvider(opts: EmbeddedOptions): EmbeddedLlmProvider {
  return new EmbeddedLlmProvider(opts);
}
