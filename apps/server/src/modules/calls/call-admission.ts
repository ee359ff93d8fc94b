// Who may start a call (#42.5): one call per user at a time (across processes with Redis: an in-flight lease), at
// most CALLS_MAX_PER_PROCESS in this process, and a rate of new calls per user. Each refusal is a sentence.
import { AppError } from '../../lib/app-error.ts';
import { InFlightLimiter } from '../../lib/in-flight.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';

/** New calls per user a minute (a dropped connection rings again; nobody needs more). */
export const CALL_START_RATE: RateLimitRule = { name: 'call:start', limit: 10, windowMs: 60_000 };
/** Sockets opened per address a minute, before anyone has signed in (each may wait 10 s for its token). */
export const CALL_CONNECT_RATE: RateLimitRule = { name: 'call:connect', limit: 60, windowMs: 60_000 };
/** Utterances per user a minute in calls (each is a transcription and a reply). */
export const CALL_TURN_RATE: RateLimitRule = { name: 'call:turn', limit: 30, windowMs: 60_000 };

export const ALREADY_IN_CALL = 'You are already in a call. Hang up the other one first.';
export const SERVER_FULL = 'This server is carrying as many calls as it can. Try again in a few minutes.';

export class CallAdmission {
  private readonly perUser: InFlightLimiter;
  private active = 0;

  constructor(private readonly deps: { rateLimiter: RateLimiter; redis: Redis | undefined; redisPrefix: string; maxPerProcess: number }) {
    this.perUser = new InFlightLimiter('calls', { redis: deps.redis, prefix: deps.redisPrefix });
  }

  /** Calls this process carries now. */
  get count(): number {
    return this.active;
  }

  /** Admits a call (its release), or refuses it: 429 for the rate or another call of the user's, 503 when full. */
  async admit(userId: string): Promise<() => Promise<void>> {
    await this.deps.rateLimiter.consume([{ rule: CALL_START_RATE, key: userId }]);
    const release = await this.perUser.acquire(userId, 1);
    if (!release) throw new AppError(429, 'RATE_LIMITED', ALREADY_IN_CALL);
    if (this.active >= this.deps.maxPerProcess) {
      await release();
      throw new AppError(503, 'UNAVAILABLE', SERVER_FULL);
    }
    this.active++;
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      this.active--;
      await release();
    };
  }

  /** One utterance of a call (429 with a sentence past the rate). */
  turn(userId: string): Promise<void> {
    return this.deps.rateLimiter.consume([{ rule: CALL_TURN_RATE, key: userId }]);
  }
}
