// A job on a backend that queues it upstream and is asked for news (Horde, ComfyUI): the polling loop, its deadline
// and cancelling live here once; each backend says how to read a status, fetch the pictures and cancel upstream.
import type { BackendHttp } from './http.ts';
import { cancelledError, sleep } from './http.ts';
import { ImageBackendError, type GeneratedImage, type ImageJob, type ImageJobStatus } from './image-provider.ts';

export interface Polling {
  /** How often a waiting job asks for news. */
  pollMs: number;
  /** A job not done by then is cancelled and fails with TIMEOUT. */
  timeoutMs: number;
}

export abstract class PolledJob implements ImageJob {
  protected state: ImageJobStatus = { state: 'queued' };
  /** Aborted on cancel: ends the wait between polls and any download in flight. */
  protected readonly stop = new AbortController();
  private settled: Promise<GeneratedImage[]> | undefined;

  constructor(
    readonly id: string,
    protected readonly http: BackendHttp,
    private readonly polling: Polling,
    signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', () => void this.cancel(), { once: true });
  }

  /** Asks the backend once; the new state, or undefined when nothing changed. */
  protected abstract poll(): Promise<ImageJobStatus | undefined>;
  /** Fetches the pictures of a finished job. */
  protected abstract collect(): Promise<GeneratedImage[]>;
  /** Best effort: stops the job upstream. */
  protected abstract cancelUpstream(): Promise<void>;

  protected final(): boolean {
    return this.state.state === 'done' || this.state.state === 'failed' || this.state.state === 'cancelled';
  }

  async status(): Promise<ImageJobStatus> {
    if (this.final()) return { ...this.state };
    const next = await this.poll();
    // A cancel while the backend was asked wins over its answer.
    if (next && !this.final()) this.state = next;
    return { ...this.state };
  }

  result(): Promise<GeneratedImage[]> {
    this.settled ??= this.waitUntilDone().then(() => this.collect());
    return this.settled;
  }

  async cancel(): Promise<void> {
    if (this.final()) return;
    this.state = { state: 'cancelled' };
    this.stop.abort();
    await this.cancelUpstream().catch(() => {});
  }

  private async waitUntilDone(): Promise<void> {
    const deadline = Date.now() + this.polling.timeoutMs;
    for (;;) {
      if (this.state.state === 'cancelled') throw cancelledError();
      const s = await this.status();
      if (s.state === 'cancelled') throw cancelledError();
      if (s.state === 'failed') throw new ImageBackendError('UPSTREAM', s.error ?? 'The image service could not finish the picture.');
      if (s.state === 'done') return;
      if (Date.now() > deadline) {
        await this.cancel();
        this.state = { state: 'failed', error: 'The picture took too long and was cancelled.' };
        throw new ImageBackendError(
          'TIMEOUT',
          `The image service did not finish within ${Math.round(this.polling.timeoutMs / 1000)} s; the job was cancelled.`,
        );
      }
      await sleep(this.polling.pollMs, this.stop.signal);
    }
  }
}
