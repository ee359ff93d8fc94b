// Memory that recalls (issue 41): the index of every message (indexer.service.ts, the `memory-index` queue and the
// `memory-backfill` schedule in jobs.ts), recall into the reply's prompt (recall.service.ts, called by the chat's one
// pipeline) and the per-conversation switch. docs/memory.md says what each part costs.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { createJobQueue, type JobQueue } from '../../lib/jobs/index.ts';
import type { Embedder } from '../../providers/embeddings/index.ts';
import { MemoryIndexer, type IndexJob } from './indexer.service.ts';
import type { MemoryRepo } from './memory.repo.ts';
import { memoryRoutes } from './memory.routes.ts';
import { RecallService } from './recall.service.ts';

export function createMemoryModule(deps: {
  config: Pick<Config, 'redisUrl' | 'redisPrefix'>;
  uow: UnitOfWork<{ memory: MemoryRepo }>;
  embedder: Embedder;
  log: FastifyBaseLogger;
  /** Test seam: a queue built elsewhere. */
  indexQueue?: JobQueue<IndexJob, unknown>;
}) {
  const queue =
    deps.indexQueue ??
    createJobQueue<IndexJob, unknown>('memory-index', { redisUrl: deps.config.redisUrl, redisPrefix: deps.config.redisPrefix });
  const indexer = new MemoryIndexer({ ...deps, queue });
  const recall = new RecallService(deps);
  return {
    services: { indexer, recall },
    routes: memoryRoutes(deps),
    /** After the index worker stopped (jobs.ts): the queue, which every process holds to add jobs. */
    stop: () => queue.close(),
  };
}
