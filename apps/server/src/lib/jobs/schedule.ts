// A schedule runs once per period across every process that has it, not once per process. Without Redis there is
// one process (PROCESS_ROLE=all), so a plain timer is enough. With Redis, each process ticks every period and the
// first to set the schedule's lock (SET NX, expiring a little before the next period) runs it; the others see the
// lock and skip. The lock needs no agreement between clocks: it lasts 90 % of a period from whoever took it, so the
// next period's first tick (by any process) finds it gone. A process that dies leaves nothing behind: the lock
// expires and another process's tick takes the next period.
//
// Each run also counts under `${prefix}schedule:<name>:runs` and stamps `…:last` (milliseconds), which operators
// and the cluster tier read.
import type { Redis } from '../redis.ts';

export interface ScheduleLock {
  /** True when this process takes the period that starts now (and records the run). */
  take(name: string, everyMs: number): Promise<boolean>;
}

/** The lock shared through Redis. */
export class RedisScheduleLock implements ScheduleLock {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async take(name: string, everyMs: number): Promise<boolean> {
    const key = `${this.prefix}schedule:${name}`;
    const ttl = Math.max(1, Math.floor(everyMs * 0.9));
    const taken = await this.redis.set(`${key}:lock`, String(process.pid), 'PX', ttl, 'NX');
    if (taken !== 'OK') return false;
    await this.redis.multi().incr(`${key}:runs`).set(`${key}:last`, String(Date.now())).exec();
    return true;
  }
}

/** One process: every tick is this process's to run. */
export const localScheduleLock: ScheduleLock = { take: async () => true };

/** Reads a schedule's run count (operators, tests). */
export async function scheduleRuns(redis: Redis, prefix: string, name: string): Promise<number> {
  return Number((await redis.get(`${prefix}schedule:${name}:runs`)) ?? 0);
}
