// Fixed-window rate limiting with a store per deployment shape: in-process Map, or Redis shared by all processes.
import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

export interface RateLimitStore {
  /** Counts one hit in the window that contains now; returns the count so far and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    this.sweep(now);
    const cur = this.windows.get(key);
    if (!cur || cur.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    cur.count += 1;
    return { ...cur };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  /** Drops expired windows at most once a minute so the map cannot grow without bound. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number) {
    const k = `${this.prefix}rl:${key}`;
    // INCR and set the expiry on the first hit only, atomically.
    const res = (await this.redis.eval(
      "local c = redis.call('INCR', KEYS[1]); if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end; return {c, redis.call('PTTL', KEYS[1])}",
      1,
      k,
      String(windowMs),
    )) as [number, number];
    const ttl = res[1] > 0 ? res[1] : windowMs;
    return { count: res[0], resetAt: Date.now() + ttl };
  }

  async reset(key: string) {
    await this.redis.del(`${this.prefix}rl:${key}`);
  }
}

export interface RateLimitRule {
  /** Name of the bucket, e.g. "login:ip". */
  name: string;
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts a hit against each rule; throws a 429 AppError (with Retry-After) when any is over its limit. */
  async consume(rules: Array<{ rule: RateLimitRule; key: string }>): Promise<void> {
    for (const { rule, key } of rules) {
      const { count, resetAt } = await this.store.hit(`${rule.name}:${key.toLowerCase()}`, rule.windowMs);
      if (count > rule.limit) {
        throw AppError.tooManyRequests(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
      }
    }
  }

  reset(rule: RateLimitRule, key: string) {
    return this.store.reset(`${rule.name}:${key.toLowerCase()}`);
  }
}
