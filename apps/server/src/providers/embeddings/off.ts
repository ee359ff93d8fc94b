// EMBEDDING_PROVIDER=off: no model. Recall works by words only (the chat search's full-text index).
import type { ProviderStatus } from '../health.ts';
import { EmbeddingsUnavailableError, type Embedder, type EmbedderInfo } from './embedder.ts';

export class OffEmbedder implements Embedder {
  readonly name = 'embeddings';
  readonly kind = 'off';

  info(): EmbedderInfo {
    return { provider: 'off', model: 'off', dimensions: undefined, state: 'off' };
  }

  start(): void {}

  embed(): Promise<Float32Array[]> {
    return Promise.reject(new EmbeddingsUnavailableError('Embeddings are off (EMBEDDING_PROVIDER=off): recall works by words.', 'off'));
  }

  health(): Promise<ProviderStatus> {
    return Promise.resolve({ status: 'disabled', detail: 'recall by words only' });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
