// Every rate limit of the server, on rate-limiter-flexible: an in-process store, or Redis (shared by every server
// process) when REDIS_URL is set. A rule is a name, a budget and a window; the same rule object always maps to the
// same limiter, so counts survive across requests.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';

export interface RateLimitRule {
  /** Name of the bucket, e.g. "login:ip"; unique per rule. */
  name: string;
  limit: number;
  windowMs: number;
  /** Once over the limit, stay blocked this long (default: until the window ends). */
  blockMs?: number;
}

/** What a limiter knows about a key: used points and when they expire. */
export interface RateLimitState {
  consumed: number;
  msBeforeNext: number;
}

export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly store: { redis?: Redis; prefix: string } = { prefix: '' }) {}

  /** Counts a hit against each rule; throws a 429 AppError (with Retry-After) when any is over its limit. */
  async consume(rules: Array<{ rule: RateLimitRule; key: string }>): Promise<void> {
    for (const { rule, key } of rules) {
      try {
        await this.limiter(rule).consume(normalise(key));
      } catch (err) {
        if (err instanceof RateLimiterRes) throw AppError.tooManyRequests(retryAfterSeconds(err.msBeforeNext));
        throw err;
      }
    }
  }

  /** Adds points without refusing (counting failures); returns the new state. */
  async penalty(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitState> {
    const res = await this.limiter(rule).penalty(normalise(key), points);
    return { consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext };
  }

  /** The current state of a key, or undefined when it has no points. */
  async get(rule: RateLimitRule, key: string): Promise<RateLimitState | undefined> {
    const res = await this.limiter(rule).get(normalise(key));
    return res ? { consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext } : undefined;
  }

  /** Blocks a key for `ms` (its state then reads as over the limit until then). */
  async block(rule: RateLimitRule, key: string, ms: number): Promise<void> {
    await this.limiter(rule).block(normalise(key), Math.ceil(ms / 1000));
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).delete(normalise(key));
  }

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const opts = {
        keyPrefix: `${this.store.prefix}rl:${rule.name}`,
        points: rule.limit,
        duration: Math.ceil(rule.windowMs / 1000),
        blockDuration: rule.blockMs ? Math.ceil(rule.blockMs / 1000) : 0,
      };
      // With Redis, an in-process limiter stands in while Redis is unreachable, so limits hold and nothing 500s.
      limiter = this.store.redis
        ? new RateLimiterRedis({ ...opts, storeClient: this.store.redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }
}

const normalise = (key: string) => key.toLowerCase();
