// Live event streams one user may hold open at once, across every long-lived SSE route (an image job's events, the
// notifications stream) and, with Redis, across every server process: each open stream costs memory and a timer, so
// one account must not open hundreds. Chat replies stream too, but are already capped by the replies in flight.
import type { ServerResponse } from 'node:http';
import { AppError } from '../lib/app-error.ts';
import { InFlightLimiter } from '../lib/in-flight.ts';
import type { Redis } from '../lib/redis.ts';

export class StreamSlots {
  private readonly limiter: InFlightLimiter;

  constructor(
    /** SSE_STREAMS_PER_USER. */
    readonly perUser: number,
    opts: { redis?: Redis; prefix?: string } = {},
  ) {
    // A process that died holding slots frees them when their leases lapse (in-flight.ts).
    this.limiter = new InFlightLimiter('sse', opts);
  }

  /** Takes one of the user's slots until `res` closes; 429 with a sentence when all are taken. */
  async hold(userId: string, res: ServerResponse): Promise<void> {
    const slot = await this.limiter.acquire(userId, this.perUser);
    if (!slot) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `You already have ${this.perUser} live updates open (other tabs or windows). Close one, then try again.`,
        { headers: { 'retry-after': '5' } },
      );
    }
    const release = () => void slot().catch(() => {});
    // The client may have gone while the slot was taken: its 'close' has passed already.
    if (res.destroyed || res.socket?.destroyed) return release();
    res.once('close', release);
  }
}
