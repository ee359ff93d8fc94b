// The in-flight limit (replies a user may have generating at once): per process without Redis, shared by every
// process with it.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { InFlightLimiter } from './in-flight.ts';

describe('in-flight limit in one process', () => {
  it('refuses above the limit, per key, until a slot is released', async () => {
    const limiter = new InFlightLimiter('chat');
    expect(await limiter.acquire('alice', 2)).toBe(true);
    expect(await limiter.acquire('alice', 2)).toBe(true);
    expect(await limiter.acquire('alice', 2)).toBe(false);
    expect(await limiter.acquire('bob', 2)).toBe(true);
    await limiter.release('alice');
    expect(await limiter.acquire('alice', 2)).toBe(true);
  });

  it('take() counts whatever the limit, for callers that learn the limit later', async () => {
    const limiter = new InFlightLimiter('chat');
    expect(await limiter.take('carol')).toBe(1);
    expect(await limiter.take('carol')).toBe(2);
    await limiter.release('carol');
    expect(await limiter.acquire('carol', 2)).toBe(true);
    expect(await limiter.acquire('carol', 2)).toBe(false);
  });
});

describe.skipIf(!process.env.REDIS_URL)('in-flight limit across processes (Redis)', () => {
  it('two processes share one count; a refused attempt takes nothing; slots of a dead process expire', async () => {
    const prefix = `inflight-test-${process.pid}-${Date.now()}:`;
    const redisA = new Redis(process.env.REDIS_URL!);
    const redisB = new Redis(process.env.REDIS_URL!);
    try {
      const a = new InFlightLimiter('chat', { redis: redisA, prefix });
      const b = new InFlightLimiter('chat', { redis: redisB, prefix, ttlMs: 300 });
      expect(await a.acquire('alice', 2)).toBe(true);
      expect(await b.acquire('alice', 2)).toBe(true);
      expect(await b.acquire('alice', 2)).toBe(false);
      expect(await a.acquire('alice', 2)).toBe(false);
      await a.release('alice');
      expect(await b.take('alice')).toBe(2);
      // B "dies" holding both slots: after its safety expiry the user is not locked out.
      await new Promise((r) => setTimeout(r, 450));
      expect(await a.acquire('alice', 2)).toBe(true);
    } finally {
      await redisA.quit();
      await redisB.quit();
    }
  });
});
