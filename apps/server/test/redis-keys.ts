// Redis keys a test app or a benchmark leaves behind under its own prefix (it has no helpers.ts import, so the
// benchmarks can use it outside vitest).
import { Redis } from 'ioredis';

/** Deletes every key under `prefix` (rate limits, schedule locks, queues), which would stay in Redis. */
export async function forgetRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
