// How many costly operations (replies being generated, live event streams) one key (a user) has running at once,
// across every server process when Redis is configured. Every slot is its own lease: with Redis, a member of a sorted
// set per key whose score is the moment the lease lapses (Redis's clock). The process that holds a slot renews it
// every `leaseMs / 3` while the work runs and removes it when the work ends; a process that dies (kill -9) stops
// renewing, so its slots lapse within `leaseMs` and nobody stays locked out. The count is the live leases: a refused
// attempt adds its own lease and removes it at once, so it never extends anyone's. Without Redis (one process) the
// slots live in memory and die with the process.
import { randomUUID } from 'node:crypto';
import type { Redis } from './redis.ts';

export interface InFlightLimiterOptions {
  redis?: Redis;
  prefix?: string;
  /** How long a slot outlives the last renewal of a process that stopped renewing it (died). Default 10 s. */
  leaseMs?: number;
}

/** A slot taken: `held` slots of this key are live now, this one included. */
export interface HeldSlot {
  held: number;
  /** Gives the slot back (idempotent). */
  release(): Promise<void>;
}

// Prunes lapsed leases, adds (or renews) ARGV[2..] with the lease ARGV[1] ms from now and answers the live count.
const LEASE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + lease, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], lease)
return redis.call('ZCARD', KEYS[1])
`;

export class InFlightLimiter {
  private readonly local = new Map<string, Set<string>>();
  /** Slots this process holds in Redis, by key: renewed on a timer while any is held. */
  private readonly leases = new Map<string, Set<string>>();
  private renewTimer: NodeJS.Timeout | undefined;
  private readonly leaseMs: number;

  constructor(
    private readonly name: string,
    private readonly opts: InFlightLimiterOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 10_000;
  }

  private key(k: string) {
    return `${this.opts.prefix ?? ''}inflight:${this.name}:${k}`;
  }

  /** Takes a slot when fewer than `limit` are held (its release), undefined otherwise (nothing kept). */
  async acquire(k: string, limit: number): Promise<(() => Promise<void>) | undefined> {
    if (!this.opts.redis && (this.local.get(k)?.size ?? 0) >= limit) return undefined;
    const slot = await this.take(k);
    if (slot.held <= limit) return slot.release;
    await slot.release();
    return undefined;
  }

  /** Takes a slot whatever the count; `held` says how many are live now, this one included (release it if too many). */
  async take(k: string): Promise<HeldSlot> {
    const id = randomUUID();
    const { redis } = this.opts;
    if (!redis) {
      let set = this.local.get(k);
      if (!set) this.local.set(k, (set = new Set()));
      set.add(id);
      let released = false;
      return {
        held: set.size,
        release: async () => {
          if (released) return;
          released = true;
          set.delete(id);
          if (set.size === 0 && this.local.get(k) === set) this.local.delete(k);
        },
      };
    }
    const key = this.key(k);
    this.hold(key, id);
    let held: number;
    try {
      held = (await redis.eval(LEASE_SCRIPT, 1, key, this.leaseMs, id)) as number;
    } catch (err) {
      this.unhold(key, id);
      throw err;
    }
    let released = false;
    return {
      held,
      release: async () => {
        if (released) return;
        released = true;
        this.unhold(key, id);
        await redis.zrem(key, id);
      },
    };
  }

  private hold(key: string, id: string) {
    let set = this.leases.get(key);
    if (!set) this.leases.set(key, (set = new Set()));
    set.add(id);
    if (!this.renewTimer) {
      this.renewTimer = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.leaseMs / 3)));
      this.renewTimer.unref();
    }
  }

  private unhold(key: string, id: string) {
    const set = this.leases.get(key);
    set?.delete(id);
    if (set?.size === 0) this.leases.delete(key);
    if (this.leases.size === 0 && this.renewTimer) {
      clearInterval(this.renewTimer);
      this.renewTimer = undefined;
    }
  }

  /** Renews every lease this process holds (one script per key, pipelined). A failure waits for the next round. */
  private async renew(): Promise<void> {
    const { redis } = this.opts;
    if (!redis || this.leases.size === 0) return;
    const pipeline = redis.pipeline();
    for (const [key, ids] of this.leases) pipeline.eval(LEASE_SCRIPT, 1, key, this.leaseMs, ...ids);
    await pipeline.exec().catch(() => {});
  }
}
