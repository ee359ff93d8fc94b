// The in-flight limit (replies a user may have generating at once): per process without Redis, shared by every
// process with it, each slot a lease that a dead process stops renewing.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { InFlightLimiter } from './in-flight.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('in-flight limit in one process', () => {
  it('refuses above the limit, per key, until a slot is released', async () => {
    const limiter = new InFlightLimiter('chat');
    const first = await limiter.acquire('alice', 2);
    expect(first).toBeTypeOf('function');
    expect(await limiter.acquire('alice', 2)).toBeTypeOf('function');
    expect(await limiter.acquire('alice', 2)).toBeUndefined();
    expect(await limiter.acquire('bob', 2)).toBeTypeOf('function');
    await first!();
    await first!(); // twice is once
    expect(await limiter.acquire('alice', 2)).toBeTypeOf('function');
    expect(await limiter.acquire('alice', 2)).toBeUndefined();
  });

  it('take() counts whatever the limit, for callers that learn the limit later', async () => {
    const limiter = new InFlightLimiter('chat');
    const a = await limiter.take('carol');
    expect(a.held).toBe(1);
    expect((await limiter.take('carol')).held).toBe(2);
    await a.release();
    expect(await limiter.acquire('carol', 2)).toBeTypeOf('function');
    expect(await limiter.acquire('carol', 2)).toBeUndefined();
    expect((await limiter.take('carol')).held).toBe(3);
  });
});

describe.skipIf(!process.env.REDIS_URL)('in-flight limit across processes (Redis)', () => {
  it('two processes share one count; a refused attempt takes nothing; a live holder keeps its slots past the lease', async () => {
    const prefix = `inflight-test-${process.pid}-${Date.now()}:`;
    const redisA = new Redis(process.env.REDIS_URL!);
    const redisB = new Redis(process.env.REDIS_URL!);
    try {
      const a = new InFlightLimiter('chat', { redis: redisA, prefix, leaseMs: 600 });
      const b = new InFlightLimiter('chat', { redis: redisB, prefix, leaseMs: 600 });
      const heldByA = await a.acquire('alice', 2);
      expect(heldByA).toBeTypeOf('function');
      expect(await b.acquire('alice', 2)).toBeTypeOf('function');
      expect(await b.acquire('alice', 2)).toBeUndefined();
      expect(await a.acquire('alice', 2)).toBeUndefined();
      // Both holders are alive and renewing: three leases later the slots are still taken.
      await sleep(1800);
      expect(await b.acquire('alice', 2)).toBeUndefined();
      await heldByA!();
      expect((await b.take('alice')).held).toBe(2);
    } finally {
      await redisA.quit();
      await redisB.quit();
    }
  });

  it("a dead holder's slots lapse within the lease, and refused retries do not extend them", async () => {
    const prefix = `inflight-dead-${process.pid}-${Date.now()}:`;
    const redisDead = new Redis(process.env.REDIS_URL!);
    const redisLive = new Redis(process.env.REDIS_URL!);
    try {
      const dying = new InFlightLimiter('chat', { redis: redisDead, prefix, leaseMs: 1000 });
      const live = new InFlightLimiter('chat', { redis: redisLive, prefix, leaseMs: 1000 });
      await dying.take('dana');
      await dying.take('dana');
      // The process "dies": its connection is gone, so nothing renews its two leases.
      redisDead.disconnect();
      const diedAt = Date.now();
      // The user retries every 100 ms: refused while the leases last, and the retries never extend them.
      let freedAfter: number | undefined;
      while (Date.now() - diedAt < 3000) {
        const slot = await live.acquire('dana', 2);
        if (slot) {
          freedAfter = Date.now() - diedAt;
          await slot();
          break;
        }
        await sleep(100);
      }
      expect(freedAfter).toBeDefined();
      expect(freedAfter!).toBeLessThan(2000);
    } finally {
      redisDead.disconnect();
      await redisLive.quit();
    }
  });
});
