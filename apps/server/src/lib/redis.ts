import { Redis } from 'ioredis';

export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: false });
  await redis.connect();
  return redis;
}
export type { Redis };
