// Stopping a reply wherever it is written. A reply goes on when its page is closed (deliver-reply.ts), so the user's
// Stop is a request of its own, which may reach a process other than the one writing the reply: each process keeps
// the replies it writes here, and with Redis a stop is published on one channel that every process hears (its own
// publications included), so the writer aborts it. Without Redis there is one process, and the stop is local.
import { subscribeChannel, type Redis } from '../../lib/redis.ts';

export const STOPPED_BY_USER = 'stopped by the user';

/** How long closing waits for the replies it stopped to be saved. */
const CLOSE_WAIT_MS = 5_000;

export class ReplyStops {
  /** The replies this process is writing, by reply id: the abort that ends each. */
  private readonly writing = new Map<string, AbortController>();
  /** The same replies' runs, awaited when the process closes (each saves what it has). */
  private readonly runs = new Set<Promise<unknown>>();
  private subscriber: Redis | undefined;

  private constructor(
    private readonly redis: Redis | undefined,
    private readonly channel: string,
  ) {}

  /** With `redis`, listens for stops published by any process. */
  static async create(opts: { redis?: Redis; prefix?: string; onError?: (err: Error) => void } = {}): Promise<ReplyStops> {
    const stops = new ReplyStops(opts.redis, `${opts.prefix ?? ''}reply-stop`);
    if (opts.redis) stops.subscriber = await subscribeChannel(opts.redis, stops.channel, (id) => stops.abortHere(id), opts.onError);
    return stops;
  }

  /** Writes a reply in this process: `write` gets the signal that stops it, and this holds it until it settles. */
  async run<T>(replyId: string, write: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    this.writing.set(replyId, abort);
    const running = write(abort.signal);
    this.runs.add(running);
    try {
      return await running;
    } finally {
      this.runs.delete(running);
      if (this.writing.get(replyId) === abort) this.writing.delete(replyId);
    }
  }

  /**
   * Stops a reply, here or in whichever process writes it. The caller has checked that the reply is the user's and
   * is being written (its progress row).
   */
  async stop(replyId: string): Promise<void> {
    if (this.abortHere(replyId) || !this.redis) return;
    await this.redis.publish(this.channel, replyId);
  }

  /**
   * Ends every reply this process writes (shutting down, before the connections and the database close): each is
   * saved with what it has, as a stop saves it, within CLOSE_WAIT_MS (after that, recovery takes what is left).
   */
  async close(): Promise<void> {
    for (const abort of this.writing.values()) abort.abort(new Error('the server is shutting down'));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.allSettled([...this.runs]), waited]);
    clearTimeout(timer);
    await this.subscriber?.quit().catch(() => {});
    this.subscriber = undefined;
  }

  private abortHere(replyId: string): boolean {
    const abort = this.writing.get(replyId);
    abort?.abort(new Error(STOPPED_BY_USER));
    return !!abort;
  }
}
