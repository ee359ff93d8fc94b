import { Redis } from 'ioredis';

export async function connectRedis(url: string, onError: (err: Error) => void): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: false });
  // ioredis reconnects by itself; the listener keeps a dropped connection from being an unhandled 'error' event.
  redis.on('error', onError);
  // A failed first connection rejects with "Connection is closed."; the reason (refused, unknown host…) came as an
  // 'error' event: that is the one to report, and the client stops retrying.
  let reason: Error | undefined;
  const note = (err: Error) => void (reason ??= err);
  redis.on('error', note);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw reason ?? err;
  } finally {
    redis.off('error', note);
  }
  return redis;
}
export type { Redis };

/**
 * Hears one pub/sub channel on a duplicate connection of `redis` (a subscribed connection cannot publish), its own
 * publications included; resolves once subscribed. Quit the returned connection to stop.
 */
export async function subscribeChannel(
  redis: Redis,
  channel: string,
  onMessage: (payload: string) => void,
  onError?: (err: Error) => void,
): Promise<Redis> {
  const sub = redis.duplicate();
  sub.on('error', (err: Error) => onError?.(err));
  sub.on('message', (from: string, payload: string) => {
    if (from === channel) onMessage(payload);
  });
  if (sub.status === 'wait') await sub.connect();
  await sub.subscribe(channel);
  return sub;
}
