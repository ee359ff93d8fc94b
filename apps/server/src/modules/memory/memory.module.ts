// Memory that recalls (issue 41): the index of every message (indexer.service.ts, the `memory-index` queue and the
// `memory-backfill` schedule in jobs.ts), recall into the reply's prompt (recall.service.ts, called by the chat's one
// pipeline), the per-conversation switch, and the journal of memories (the routes' use cases, the `memory-journal`
// queue's writer, and what a prompt takes of it: journal-prompt.ts), and how far the index has come (index-progress.ts,
// a line of /api/health). docs/memory.md says what each part costs.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { createJobQueue, type JobQueue } from '../../lib/jobs/index.ts';
import type { Embedder } from '../../providers/embeddings/index.ts';
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { HealthRegistry } from '../../providers/health.ts';
import { IndexProgress } from './index-progress.ts';
import { MemoryIndexer, type IndexJob } from './indexer.service.ts';
import { JournalPrompt } from './journal-prompt.ts';
import { JournalWriter, type JournalJob } from './journal-writer.service.ts';
import type { VectorIndex } from '../../db/vector-index.ts';
import type { MemoryVectorsRepo } from './memory-vectors.repo.ts';
import type { MemoryRepo } from './memory.repo.ts';
import { memoryRoutes } from './memory.routes.ts';
import { RecallService } from './recall.service.ts';

export function createMemoryModule(deps: {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'chat'>;
  uow: UnitOfWork<{ memory: MemoryRepo; memoryVectors: MemoryVectorsRepo }>;
  embedder: Embedder;
  /** pgvector where the database has it (db/vector-index.ts). */
  vectorIndex: VectorIndex;
  /** The chat model: the journal's writer asks it for facts (as the summary does). */
  llm: Pick<LlmProvider, 'streamChat'>;
  moderation: Pick<ModerationService, 'check' | 'assertAllowed'>;
  log: FastifyBaseLogger;
  /** The index's progress joins the health report (index-progress.ts). */
  health: Pick<HealthRegistry, 'register'>;
  /** Test seam: a queue built elsewhere. */
  indexQueue?: JobQueue<IndexJob, unknown>;
}) {
  const { redisUrl, redisPrefix } = deps.config;
  const queue = deps.indexQueue ?? createJobQueue<IndexJob, unknown>('memory-index', { redisUrl, redisPrefix });
  const journalQueue = createJobQueue<JournalJob, unknown>('memory-journal', { redisUrl, redisPrefix });
  const indexer = new MemoryIndexer({ ...deps, queue });
  const recall = new RecallService(deps);
  const journal = new JournalWriter({ ...deps, queue: journalQueue, settings: deps.config.chat });
  const journalPrompt = new JournalPrompt(deps);
  deps.health.register(new IndexProgress(deps));
  return {
    services: { indexer, recall, journal, journalPrompt },
    routes: memoryRoutes(deps),
    /** After the workers stopped (jobs.ts): the queues, which every process holds to add jobs. */
    stop: async () => {
      await queue.close();
      await journalQueue.close();
    },
  };
}
