import { Redis } from 'ioredis';

export async function connectRedis(url: string, onError: (err: Error) => void): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: false });
  // ioredis reconnects by itself; the listener keeps a dropped connection from being an unhandled 'error' event.
  redis.on('error', onError);
  await redis.connect();
  return redis;
}
export type { Redis };
