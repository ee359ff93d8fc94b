// The embedded embedding model: a small GGUF run by the bundled llama.cpp (node-llama-cpp's embedding context), in
// this process. Downloaded on first use exactly as the chat model is (providers/llm/download.ts: resume, checksum,
// retries with backoff, the same plain offline message), loaded with the same shared llama.cpp instance. Texts are
// embedded one at a time on one context (llama.cpp's embedding context is not re-entrant); what is longer than the
// model's context is cut to it.
import path from 'node:path';
import type { LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import type { ProviderStatus } from '../health.ts';
import { describeDownloadFailure, downloadModel, modelFileName } from '../llm/download.ts';
import { defaultThreads, sharedLlama } from '../llm/embedded-runtime.ts';
import type { LlmLog } from '../llm/llm-provider.ts';
import {
  EmbeddingsUnavailableError,
  normalize,
  type EmbedPurpose,
  type Embedder,
  type EmbedderInfo,
  type EmbedderState,
} from './embedder.ts';

/**
 * EmbeddingGemma 300M (Google), Q8_0, ~330 MB, 768 dimensions: trained on 100+ languages (every language of the
 * content policy), run by the bundled llama.cpp (architecture `gemma-embedding`). docs/memory.md says why this one.
 * The SHA-256 is not pinned (it could not be looked up from this machine); set EMBEDDING_MODEL_SHA256 to enforce one.
 */
export const DEFAULT_EMBEDDING_MODEL_URL =
  'https://huggingface.co/ggml-org/embeddinggemma-300M-GGUF/resolve/main/embeddinggemma-300M-Q8_0.gguf';

/** The prompts EmbeddingGemma was trained with (its model card); other models get none unless configured. */
export const GEMMA_PREFIXES: Record<EmbedPurpose, string> = {
  query: 'task: search result | query: ',
  passage: 'title: none | text: ',
};

export interface EmbeddedEmbedderOptions {
  modelPath?: string;
  modelUrl?: string;
  modelSha256?: string;
  dataDir: string;
  threads?: number;
  gpu?: 'auto' | false;
  /** Tokens per text (capped by the model's training context); default 512. */
  contextSize?: number;
  prefixes?: Partial<Record<EmbedPurpose, string>>;
  log: LlmLog;
  download?: { retries?: number; retryDelayMs?: number; idleTimeoutMs?: number };
}

export const EMBEDDING_DOWNLOAD_ADVICE =
  'Recall works by words meanwhile. To use meaning without this download, set EMBEDDING_MODEL_PATH to a .gguf embedding model on this machine, or EMBEDDING_PROVIDER=openai with EMBEDDING_BASE_URL and EMBEDDING_MODEL.';

export class EmbeddedEmbedder implements Embedder {
  readonly name = 'embeddings';
  readonly kind = 'embedded';
  private state: EmbedderState = 'loading';
  private progress: number | undefined;
  private error: string | undefined;
  private model: LlamaModel | undefined;
  private context: LlamaEmbeddingContext | undefined;
  private dimensions: number | undefined;
  private modelName: string;
  private started: Promise<void> | undefined;
  /** One text at a time on the context. */
  private line: Promise<unknown> = Promise.resolve();
  private readonly closing = new AbortController();
  private readonly threads: number;

  constructor(private readonly opts: EmbeddedEmbedderOptions) {
    this.threads = opts.threads && opts.threads > 0 ? opts.threads : defaultThreads();
    this.modelName = opts.modelPath
      ? path.basename(opts.modelPath).replace(/\.gguf$/, '')
      : modelFileName(opts.modelUrl ?? DEFAULT_EMBEDDING_MODEL_URL).replace(/\.gguf$/, '');
  }

  info(): EmbedderInfo {
    return {
      provider: 'embedded',
      model: `embedded:${this.modelName}`,
      dimensions: this.dimensions,
      state: this.state,
      ...(this.progress !== undefined ? { progress: this.progress } : {}),
      ...(this.error ? { error: this.error } : {}),
    };
  }

  /** Starts downloading/loading in the background (once; again after a failure). */
  start(): void {
    if (this.closing.signal.aborted || (this.started && this.state !== 'error')) return;
    this.state = 'loading';
    this.error = undefined;
    this.started = this.load().catch((err: unknown) => {
      if (this.closing.signal.aborted) return;
      this.state = 'error';
      this.error = err instanceof Error ? err.message : String(err);
      this.opts.log.error({ err }, 'the embedding model failed to start');
    });
  }

  /** Settles when the model is ready or has failed. */
  async whenReady(): Promise<void> {
    this.start();
    await this.started;
  }

  private async load(): Promise<void> {
    const modelPath = this.opts.modelPath ?? (await this.download());
    const llama = await sharedLlama(this.opts.gpu ?? 'auto', this.threads, this.opts.log);
    this.closing.signal.throwIfAborted();
    const model = (this.model = await llama.loadModel({ modelPath }));
    const trained = model.trainContextSize > 0 ? model.trainContextSize : Infinity;
    const contextSize = Math.min(this.opts.contextSize ?? 512, trained);
    this.context = await model.createEmbeddingContext({ contextSize, threads: this.threads });
    this.closing.signal.throwIfAborted();
    this.dimensions = model.embeddingVectorSize;
    this.modelName = model.fileInfo.metadata.general?.name || this.modelName;
    this.state = 'ready';
    this.opts.log.info({ model: this.modelName, dimensions: this.dimensions, contextSize }, 'embedding model ready');
  }

  private async download(): Promise<string> {
    const url = this.opts.modelUrl ?? DEFAULT_EMBEDDING_MODEL_URL;
    this.state = 'downloading';
    this.progress = 0;
    try {
      return await downloadModel({
        url,
        dir: path.join(this.opts.dataDir, 'models'),
        sha256: this.opts.modelSha256,
        signal: this.closing.signal,
        ...this.opts.download,
        onRetry: ({ error, attempt, attempts, delayMs }) =>
          this.opts.log.warn(
            { err: error, url, attempt, attempts, delayMs },
            `embedding model download attempt failed: ${describeDownloadFailure(error, url)}`,
          ),
        onProgress: (p) => (this.progress = p.percent),
      });
    } catch (err) {
      if (this.closing.signal.aborted) throw err;
      throw new Error(`${describeDownloadFailure(err, url)} ${EMBEDDING_DOWNLOAD_ADVICE}`, { cause: err });
    } finally {
      this.progress = undefined;
    }
  }

  embed(texts: readonly string[], purpose: EmbedPurpose, signal?: AbortSignal): Promise<Float32Array[]> {
    this.start();
    const { context, model } = this;
    if (this.state !== 'ready' || !context || !model) {
      const why = this.state === 'downloading' ? `downloading (${this.progress ?? 0} %)` : this.state === 'error' ? this.error : 'loading';
      return Promise.reject(new EmbeddingsUnavailableError(`The embedding model is not ready: ${why}`, this.state));
    }
    const prefix = this.opts.prefixes?.[purpose] ?? '';
    const run = this.line.then(async () => {
      const out: Float32Array[] = [];
      for (const text of texts) {
        signal?.throwIfAborted();
        if (context.disposed) throw new EmbeddingsUnavailableError('The embedding model was closed', 'error');
        // Room for the BOS/EOS tokens the context adds.
        const fit = model.tokenize(prefix + text).slice(0, Math.max(1, this.contextLimit() - 4));
        const { vector } = await context.getEmbeddingFor(fit);
        out.push(normalize(vector));
      }
      return out;
    });
    this.line = run.catch(() => {});
    return run;
  }

  private contextLimit(): number {
    const trained = this.model?.trainContextSize ?? 0;
    return Math.min(this.opts.contextSize ?? 512, trained > 0 ? trained : Infinity);
  }

  health(): Promise<ProviderStatus> {
    if (this.state === 'ready') return Promise.resolve({ status: 'ok', detail: `${this.modelName} (${this.dimensions} dimensions)` });
    const detail = this.state === 'downloading' ? `downloading the embedding model: ${this.progress ?? 0} %` : (this.error ?? this.state);
    return Promise.resolve({ status: 'down', detail });
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.line.catch(() => {});
    await this.context?.dispose();
    await this.model?.dispose();
    this.state = 'error';
    this.error = 'closed';
  }
}
