// Which saved messages are queued for indexing: none while the embedded model is downloading or loading (its
// embed() refuses until it is ready; the backfill indexes them), none when embeddings are off, every one otherwise.
import { describe, expect, it } from 'vitest';
import type { Embedder, EmbedderInfo } from '../../providers/embeddings/index.ts';
import type { JobQueue } from '../../lib/jobs/index.ts';
import { MemoryIndexer, type IndexJob } from './indexer.service.ts';

function indexerWith(info: Pick<EmbedderInfo, 'provider' | 'state'>) {
  const added: string[] = [];
  const queue = { add: async (_name: string, data: IndexJob) => void added.push(data.conversationId) } as unknown as JobQueue<
    IndexJob,
    unknown
  >;
  const embedder = { info: () => ({ model: 'm', ...info }) } as unknown as Embedder;
  const vectorIndex = { enabled: false, ensureIndex: async () => {}, copyBatch: 0 };
  const indexer = new MemoryIndexer({ uow: {} as never, embedder, vectorIndex, queue, log: { warn: () => {}, error: () => {} } });
  indexer.enqueue('c1');
  return added;
}

describe('MemoryIndexer.enqueue', () => {
  it('queues nothing while the embedded model is downloading, loading or failed, or when embeddings are off', () => {
    for (const state of ['downloading', 'loading', 'error'] as const) expect(indexerWith({ provider: 'embedded', state })).toEqual([]);
    expect(indexerWith({ provider: 'off', state: 'off' })).toEqual([]);
  });

  it('queues the conversation when the embedded model is ready, and for an OpenAI-compatible server before its first answer', () => {
    expect(indexerWith({ provider: 'embedded', state: 'ready' })).toEqual(['c1']);
    expect(indexerWith({ provider: 'openai', state: 'loading' })).toEqual(['c1']);
  });
});
