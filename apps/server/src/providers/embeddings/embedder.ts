// The embedding provider: text in, one vector per text out, for recall by meaning (modules/memory). Beside the chat
// provider (providers/llm) and built the same way: an interface, one file per backend, a factory in index.ts.
import type { ProviderHealth } from '../health.ts';

/** Where the embedder is: `off` (recall by words only), or a model that is downloading, loading, ready or failed. */
export type EmbedderState = 'off' | 'downloading' | 'loading' | 'ready' | 'error';

export interface EmbedderInfo {
  provider: 'embedded' | 'openai' | 'off' | 'test';
  /**
   * The model's id as stored beside each vector (`<provider>:<model>`): vectors of another model, or of another
   * dimension, never meet in one query.
   */
  model: string;
  /** Known once the model answered (openai: read from the first answer) or loaded (embedded). */
  dimensions: number | undefined;
  state: EmbedderState;
  /** Download progress, 0–100. */
  progress?: number;
  error?: string;
}

/** What the text is for: some models embed a question differently from the passage that answers it. */
export type EmbedPurpose = 'query' | 'passage';

export interface Embedder extends ProviderHealth {
  readonly name: 'embeddings';
  readonly kind: EmbedderInfo['provider'];
  info(): EmbedderInfo;
  /** Begins loading (and, for the embedded default, the first-start download); a no-op when running or off. */
  start(): void;
  /**
   * One unit-length vector per text, in order. Rejects with `EmbeddingsUnavailableError` while the model is not ready
   * (or when off): the caller falls back to words.
   */
  embed(texts: readonly string[], purpose: EmbedPurpose, signal?: AbortSignal): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export class EmbeddingsUnavailableError extends Error {
  constructor(
    message: string,
    readonly state: EmbedderState,
  ) {
    super(message);
    this.name = 'EmbeddingsUnavailableError';
  }
}

/** Scales a vector to unit length (cosine similarity becomes a dot product); a zero vector stays zero. */
export function normalize(v: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  const out = new Float32Array(v.length);
  if (norm === 0) return out;
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}
