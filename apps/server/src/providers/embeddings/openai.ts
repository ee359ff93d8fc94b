// An OpenAI-compatible `/embeddings` endpoint: llama.cpp's `llama-server --embeddings` (with a pooling type), Ollama,
// vLLM, OpenAI. The dimension is read from the first answer; an answer of another dimension later (the server's
// model was changed) is refused rather than stored beside vectors it cannot be compared with.
import type { ProviderStatus } from '../health.ts';
import { EmbeddingsUnavailableError, normalize, type EmbedPurpose, type Embedder, type EmbedderInfo } from './embedder.ts';

export interface OpenAiEmbedderOptions {
  /** e.g. http://127.0.0.1:8081/v1 (the `/embeddings` path is added). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per request, headers and body. */
  timeoutMs?: number;
  /** Texts per request. */
  batchSize?: number;
  /** Prepended to texts by purpose (some models want "query: " / "passage: "). */
  prefixes?: Partial<Record<EmbedPurpose, string>>;
}

interface EmbeddingsAnswer {
  data?: { index?: number; embedding?: unknown }[];
}

export class OpenAiEmbedder implements Embedder {
  readonly name = 'embeddings';
  readonly kind = 'openai';
  private dimensions: number | undefined;
  private error: string | undefined;
  private readonly url: string;

  constructor(private readonly opts: OpenAiEmbedderOptions) {
    this.url = `${opts.baseUrl.replace(/\/+$/, '')}/embeddings`;
  }

  info(): EmbedderInfo {
    const state = this.error ? 'error' : this.dimensions ? 'ready' : 'loading';
    return {
      provider: 'openai',
      model: `openai:${this.opts.model}`,
      dimensions: this.dimensions,
      state,
      ...(this.error ? { error: this.error } : {}),
    };
  }

  start(): void {}

  async embed(texts: readonly string[], purpose: EmbedPurpose, signal?: AbortSignal): Promise<Float32Array[]> {
    const size = this.opts.batchSize ?? 32;
    const prefix = this.opts.prefixes?.[purpose] ?? '';
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += size) {
      const batch = texts.slice(i, i + size).map((t) => prefix + t);
      out.push(...(await this.request(batch, signal)));
    }
    return out;
  }

  private async request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 30_000);
    let answer: EmbeddingsAnswer;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.opts.model, input }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) {
        const body = (await res.text().catch(() => '')).slice(0, 300);
        throw new Error(`The embedding server answered ${res.status}${body ? `: ${body}` : ''}`);
      }
      answer = (await res.json()) as EmbeddingsAnswer;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const why = timeout.aborted ? `no answer within ${(this.opts.timeoutMs ?? 30_000) / 1000} s` : (err as Error).message;
      this.error = `The embedding server (${this.url}) failed: ${why}`;
      throw new EmbeddingsUnavailableError(this.error, 'error');
    }
    const vectors = this.vectorsOf(answer, input.length);
    this.error = undefined;
    return vectors;
  }

  /** The answer's vectors in input order, checked: one per text, numbers only, one dimension throughout. */
  private vectorsOf(answer: EmbeddingsAnswer, count: number): Float32Array[] {
    const data = Array.isArray(answer.data) ? [...answer.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : [];
    const bad = (why: string) => {
      this.error = `The embedding server's answer was not usable: ${why}`;
      return new EmbeddingsUnavailableError(this.error, 'error');
    };
    if (data.length !== count) throw bad(`${data.length} vectors for ${count} texts`);
    return data.map(({ embedding }) => {
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw bad('a vector that is not a list of numbers');
      this.dimensions ??= embedding.length;
      if (embedding.length !== this.dimensions)
        throw bad(`vectors of ${embedding.length} dimensions after ${this.dimensions} (was the server's model changed?)`);
      return normalize(embedding as number[]);
    });
  }

  /** From the last answer when there was one (a health check every few seconds must not cost an embedding each). */
  async health(): Promise<ProviderStatus> {
    if (this.dimensions && !this.error) return { status: 'ok', detail: `${this.opts.model} (${this.dimensions} dimensions)` };
    try {
      await this.embed(['health'], 'query');
      return { status: 'ok', detail: `${this.opts.model} (${this.dimensions} dimensions)` };
    } catch (err) {
      return { status: 'down', detail: (err as Error).message };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
