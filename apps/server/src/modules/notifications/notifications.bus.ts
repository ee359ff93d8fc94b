// Live fan-out of notification events to the open streams of a user. Without Redis, listeners in this process get
// them directly; with Redis, every event is published on one channel and each process hands it to its own listeners
// (its own publications included, so an event is delivered once wherever the user's tab is connected).
import type { NotificationStreamEvent } from '@reverie/shared';
import { subscribeChannel, type Redis } from '../../lib/redis.ts';

/** An event for a user's streams, or `end`: the session is over (suspension), close them. */
export type BusMessage = { userId: string; event: NotificationStreamEvent } | { userId: string; end: true };
export type BusListener = (message: BusMessage) => void;

export interface BusOptions {
  redis?: Redis;
  prefix?: string;
  onError?: (err: Error) => void;
}

export class NotificationBus {
  private readonly listeners = new Map<string, Set<BusListener>>();
  private readonly channel: string;
  private subscriber: Redis | undefined;

  private constructor(private readonly opts: BusOptions) {
    this.channel = `${opts.prefix ?? ''}notify`;
  }

  /** With `redis`, subscribes on a duplicate connection (a subscribed connection cannot publish). */
  static async create(opts: BusOptions = {}): Promise<NotificationBus> {
    const bus = new NotificationBus(opts);
    if (opts.redis) {
      const hear = (payload: string) => {
        try {
          bus.dispatch(JSON.parse(payload) as BusMessage);
        } catch (err) {
          opts.onError?.(err as Error);
        }
      };
      bus.subscriber = await subscribeChannel(opts.redis, bus.channel, hear, opts.onError);
    }
    return bus;
  }

  get shared(): boolean {
    return !!this.opts.redis;
  }

  async publish(message: BusMessage): Promise<void> {
    if (!this.opts.redis) {
      this.dispatch(message);
      return;
    }
    try {
      await this.opts.redis.publish(this.channel, JSON.stringify(message));
    } catch (err) {
      // Redis unreachable: at least this process's streams hear it.
      this.opts.onError?.(err as Error);
      this.dispatch(message);
    }
  }

  subscribe(userId: string, listener: BusListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** Open streams in this process (tests, diagnostics). */
  listenerCount(userId?: string): number {
    if (userId) return this.listeners.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** Ends every open stream in this process (shutdown: open event streams would hold the server open). */
  endAll(): void {
    for (const userId of [...this.listeners.keys()]) this.dispatch({ userId, end: true });
  }

  private dispatch(message: BusMessage) {
    const set = this.listeners.get(message.userId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (err) {
        this.opts.onError?.(err as Error);
      }
    }
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}
