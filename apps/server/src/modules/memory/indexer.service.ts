// The index of every message: after a message is saved, edited or swiped, or a conversation is branched, its
// conversation is queued (`memory-index`, jobs.ts); the job embeds the messages whose vector is missing or stale
// (another text, another model), newest first, in batches. Deleting a message, a conversation or an account deletes
// its vectors with it (foreign keys). A backfill schedule finds what the queue missed: the messages written while the
// model was downloading, and every message again after the model changed, the most recently active conversations first.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { JobQueue, JobWorker } from '../../lib/jobs/index.ts';
import { EmbeddingsUnavailableError, type Embedder } from '../../providers/embeddings/index.ts';
import type { VectorIndex } from '../../db/vector-index.ts';
import type { MemoryVectorsRepo } from './memory-vectors.repo.ts';
import type { MemoryRepo } from './memory.repo.ts';
import { signsOf, vectorToBytes } from './vector.ts';

export interface IndexJob {
  conversationId: string;
}

const BATCH = 32;
/** Conversations one backfill run takes (the next run goes on). */
const BACKFILL_CONVERSATIONS = 20;
/** Statements copying vectors into pgvector's column a backfill run (VectorIndex.copyBatch vectors each). */
const COPY_BATCHES = 20;

export class MemoryIndexer {
  private worker: JobWorker | undefined;

  constructor(
    private readonly d: {
      uow: UnitOfWork<{ memory: MemoryRepo; memoryVectors: MemoryVectorsRepo }>;
      embedder: Embedder;
      vectorIndex: Pick<VectorIndex, 'enabled' | 'ensureIndex' | 'copyBatch'>;
      queue: JobQueue<IndexJob, unknown>;
      log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    },
  ) {}

  /**
   * Queues the conversation for indexing; never fails the caller (a lost job is found by the backfill). Not while
   * the embedded model is downloading or loading: its `embed()` refuses until it is ready, and the backfill indexes
   * what was written meanwhile. (An OpenAI-compatible server is asked: it is `loading` until its first answer.)
   */
  enqueue(conversationId: string): void {
    const { state, provider } = this.d.embedder.info();
    if (state === 'off' || (provider === 'embedded' && state !== 'ready')) return;
    this.d.queue
      .add('index', { conversationId }, { attempts: 3, backoff: { type: 'exponential', delayMs: 2_000 } })
      .catch((err: unknown) => this.d.log.warn({ err, conversationId }, 'could not queue a conversation for indexing'));
  }

  /**
   * Embeds the conversation's messages that have no current vector; the number embedded. Nothing while the model is
   * not ready (the backfill comes back for them).
   */
  async indexConversation(conversationId: string, signal?: AbortSignal): Promise<number> {
    const { embedder } = this.d;
    if (embedder.info().state === 'off') return 0;
    const { memory } = this.d.uow.repos;
    let done = 0;
    for (let round = 0; round < 10_000; round++) {
      signal?.throwIfAborted();
      const model = embedder.info().model;
      const stale = await memory.staleMessages(conversationId, model, BATCH);
      if (stale.length === 0) break;
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(
          stale.map((m) => m.content),
          'passage',
          signal,
        );
      } catch (err) {
        if (err instanceof EmbeddingsUnavailableError) return done;
        throw err;
      }
      // The model id may be known only now (an OpenAI-compatible server's first answer).
      const now = embedder.info().model;
      const rows = stale.map((m, i) => ({
        ...m,
        messageId: m.id,
        model: now,
        vector: vectorToBytes(vectors[i]!),
        signs: signsOf(vectors[i]!),
        dimensions: vectors[i]!.length,
      }));
      await memory.upsert(rows, { pgvector: this.d.vectorIndex.enabled });
      await this.toPgvector(rows);
      done += stale.length;
      if (stale.length < BATCH) break;
    }
    return done;
  }

  /** With pgvector: the vectors just written go to `embedding` too, with an HNSW index for their size. */
  private async toPgvector(rows: { messageId: string; hash: string; vector: Buffer; dimensions: number }[]): Promise<void> {
    const { vectorIndex } = this.d;
    if (!vectorIndex.enabled || rows.length === 0) return;
    await this.d.uow.repos.memoryVectors.setEmbeddings(rows);
    for (const d of new Set(rows.map((r) => r.dimensions))) await vectorIndex.ensureIndex(d);
  }

  /**
   * With pgvector: copies vectors written before it was there into `embedding` (20 statements a run; recall ranks a
   * conversation in the process until all of its are copied), then builds the HNSW indexes of the sizes stored.
   */
  async copyToPgvector(): Promise<number> {
    const { vectorIndex } = this.d;
    if (!vectorIndex.enabled) return 0;
    const { memoryVectors } = this.d.uow.repos;
    let copied = 0;
    for (let batch = 0; batch < COPY_BATCHES; batch++) {
      const rows = await memoryVectors.unconverted(vectorIndex.copyBatch);
      await memoryVectors.setEmbeddings(rows);
      copied += rows.length;
      // All copied: the indexes are built now, over every row at once (faster than growing them row by row).
      if (rows.length < vectorIndex.copyBatch) {
        for (const d of await memoryVectors.dimensions()) await vectorIndex.ensureIndex(d);
        break;
      }
    }
    return copied;
  }

  /** One backfill run: conversations with unindexed messages, the most recently active first. */
  async backfill(): Promise<number> {
    const { embedder } = this.d;
    const copied = await this.copyToPgvector();
    if (embedder.info().state !== 'ready') return copied;
    const ids = await this.d.uow.repos.memory.conversationsToIndex(embedder.info().model, BACKFILL_CONVERSATIONS);
    let done = copied;
    for (const id of ids) done += await this.indexConversation(id);
    return done;
  }

  /** Works the queue in this process. */
  start(): void {
    this.worker ??= this.d.queue.process((job) => this.indexConversation(job.data.conversationId, job.signal), { concurrency: 1 });
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}
