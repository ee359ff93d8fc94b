// Job queue factory: BullMQ on Redis when REDIS_URL is set (shared by every server process), else in-process.
// No settings of its own beyond REDIS_URL/REDIS_PREFIX, which config.ts already parses.
import { BullJobQueue, type BullQueueOptions } from './bullmq.ts';
import type { JobQueue } from './job-queue.ts';
import { MemoryJobQueue } from './memory.ts';

export * from './job-queue.ts';
export { BullJobQueue, type BullQueueOptions } from './bullmq.ts';
export { MemoryJobQueue } from './memory.ts';

export interface JobQueueConfig {
  redisUrl?: string;
  /** REDIS_PREFIX; BullMQ keys go under `${redisPrefix}bull`. */
  redisPrefix?: string;
  bull?: Omit<BullQueueOptions, 'redisUrl' | 'prefix'>;
}

export function createJobQueue<T, R = unknown>(name: string, config: JobQueueConfig): JobQueue<T, R> {
  if (config.redisUrl)
    return new BullJobQueue<T, R>(name, { redisUrl: config.redisUrl, prefix: `${config.redisPrefix ?? ''}bull`, ...config.bull });
  return new MemoryJobQueue<T, R>(name);
}
