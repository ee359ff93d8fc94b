// How many costly operations (replies being generated) one key (a user) has running at once, across every server
// process when Redis is configured. acquire() refuses above the limit; release() must follow, and a crashed
// process's slots expire after `ttlMs` so nobody stays locked out.
import type { Redis } from './redis.ts';

export interface InFlightLimiterOptions {
  redis?: Redis;
  prefix?: string;
  /** Safety expiry of a Redis counter (a process that died holding slots). Default 10 minutes. */
  ttlMs?: number;
}

export class InFlightLimiter {
  private readonly local = new Map<string, number>();

  constructor(
    private readonly name: string,
    private readonly opts: InFlightLimiterOptions = {},
  ) {}

  private key(k: string) {
    return `${this.opts.prefix ?? ''}inflight:${this.name}:${k}`;
  }

  /** Takes a slot when fewer than `limit` are held; false otherwise (nothing taken). */
  async acquire(k: string, limit: number): Promise<boolean> {
    if (!this.opts.redis && (this.local.get(k) ?? 0) >= limit) return false;
    if ((await this.take(k)) <= limit) return true;
    await this.release(k);
    return false;
  }

  /** Takes a slot whatever the count; returns how many are held now, this one included (release() it if too many). */
  async take(k: string): Promise<number> {
    const { redis } = this.opts;
    if (!redis) {
      const n = (this.local.get(k) ?? 0) + 1;
      this.local.set(k, n);
      return n;
    }
    const key = this.key(k);
    const replies = await redis
      .multi()
      .incr(key)
      .pexpire(key, this.opts.ttlMs ?? 600_000)
      .exec();
    const [err, n] = replies?.[0] ?? [new Error('the Redis transaction was discarded'), 0];
    if (err) throw err;
    return n as number;
  }

  async release(k: string): Promise<void> {
    const { redis } = this.opts;
    if (!redis) {
      const n = (this.local.get(k) ?? 1) - 1;
      if (n <= 0) this.local.delete(k);
      else this.local.set(k, n);
      return;
    }
    const key = this.key(k);
    if ((await redis.decr(key)) <= 0) await redis.del(key);
  }
}
