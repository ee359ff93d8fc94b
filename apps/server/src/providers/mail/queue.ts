// The mail queue: every message is stored in mail_outbox first, then delivered from there by whichever process
// takes it (a row lease, FOR UPDATE SKIP LOCKED), with exponential backoff between attempts. A mail server that is
// down therefore fails no request and loses no mail; delivery is at least once (a process dying between handing a
// message over and recording it lets another send it again after the lease).
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { ProviderStatus } from '../health.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { MailOutboxRepo } from './mail-outbox.repo.ts';
import type { MailMessage, Mailer, MailTransport } from './mailer.ts';

/** How long one attempt holds its message: longer than the SMTP timeouts together (smtp.ts). */
const LEASE_MS = 5 * 60_000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 60 * 60_000;
/** sendAndWait waits this long for the first attempt before answering 'queued'. */
const WAIT_MS = 8_000;
const HEALTH_TTL_MS = 30_000;

export interface MailQueueOptions {
  transport: MailTransport;
  outbox: MailOutboxRepo;
  background: BackgroundTasks;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The wait after the first failed attempt; it doubles with each further failure (at most an hour). */
  retryBaseMs: number;
  /** Attempts before a message is given up. */
  maxAttempts: number;
}

type Attempt = 'none' | 'sent' | 'failed';

export class MailQueue implements Mailer {
  readonly name = 'mail';
  readonly kind: string;
  private draining: Promise<void> | undefined;
  private again = false;
  private wake: { timer: NodeJS.Timeout; at: number } | undefined;
  private poll: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Started: this process works the whole queue (see start). */
  private working = false;
  private checked: { at: number; status: Promise<ProviderStatus> } | undefined;

  constructor(private readonly o: MailQueueOptions) {
    this.kind = o.transport.kind;
  }

  /** The transport's answer (SMTP: a connection and a NOOP), asked at most every 30 s: load balancers probe often. */
  health(): Promise<ProviderStatus> {
    const now = Date.now();
    if (!this.checked || now - this.checked.at > HEALTH_TTL_MS) this.checked = { at: now, status: this.o.transport.health() };
    return this.checked.status;
  }

  /**
   * Works the queue until stopped: now (messages a restart left), after each failure's backoff, and at least once a
   * minute for messages other processes left behind. A queue never started (a PROCESS_ROLE=web process) only tries
   * each message it queues itself, once, at once; retries and everything else are left to the worker processes.
   */
  start(): void {
    this.working = true;
    const every = Math.min(60_000, Math.max(this.o.retryBaseMs, 100));
    this.poll = setInterval(() => this.kick(), every).unref();
    this.kick();
  }

  /** Stops taking messages and waits for the attempt under way (its message stays queued if it did not finish). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    if (this.wake) clearTimeout(this.wake.timer);
    await this.draining;
  }

  async send(message: MailMessage): Promise<void> {
    const { id } = await this.enqueue(message);
    if (this.working) this.kick();
    else this.o.background.run('mail-send', async () => void (await this.attempt(id)));
  }

  async sendAndWait(message: MailMessage): Promise<'sent' | 'queued'> {
    const { id } = await this.enqueue(message);
    const attempt = this.attempt(id).catch((err: unknown) => {
      this.o.log.error({ err: safeError(err) }, 'mail attempt failed');
      return 'failed' as const;
    });
    const waited = await Promise.race([attempt, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), WAIT_MS).unref())]);
    return waited === 'sent' ? 'sent' : 'queued';
  }

  private enqueue(m: MailMessage) {
    const { to, subject, text, html, links = [] } = m;
    return this.o.outbox.enqueue({ to, subject, text, html, links, transport: this.o.transport.kind });
  }

  /** Delivers what is due, in the background (one run per process at a time; a kick during a run runs it again). */
  private kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    const run = async () => {
      do {
        this.again = false;
        while (!this.stopped && (await this.attempt()) !== 'none');
      } while (this.again && !this.stopped);
    };
    const draining = new Promise<void>((resolve) => this.o.background.run('mail-queue', () => run().finally(resolve)));
    this.draining = draining.finally(() => (this.draining = undefined));
  }

  /** One delivery attempt of a due message (this one, or the longest waiting). */
  private async attempt(id?: string): Promise<Attempt> {
    const { outbox, transport, log, maxAttempts } = this.o;
    const row = await outbox.claimDue(LEASE_MS, id);
    if (!row) return 'none';
    try {
      await transport.deliver(row);
    } catch (err) {
      const retryIn = row.attempts < maxAttempts ? this.backoff(row.attempts) : undefined;
      const reason = err instanceof Error ? err.message : String(err);
      await outbox.markFailed(row.id, reason, retryIn);
      if (retryIn === undefined) {
        log.error({ err: safeError(err), mail: row.id, attempts: row.attempts }, 'mail delivery failed; giving the message up');
      } else {
        log.warn({ err: safeError(err), mail: row.id, attempts: row.attempts, retryInMs: retryIn }, 'mail delivery failed; will retry');
        this.wakeIn(retryIn);
      }
      return 'failed';
    }
    await outbox.markSent(row.id);
    return 'sent';
  }

  private backoff(attempts: number): number {
    return Math.min(MAX_BACKOFF_MS, this.o.retryBaseMs * 2 ** (attempts - 1));
  }

  /** Runs the queue again in `ms` (or earlier, if a sooner wake-up is set already). */
  private wakeIn(ms: number): void {
    const at = Date.now() + ms;
    if (!this.working || this.stopped || (this.wake && this.wake.at <= at)) return;
    if (this.wake) clearTimeout(this.wake.timer);
    const timer = setTimeout(() => {
      this.wake = undefined;
      this.kick();
    }, ms).unref();
    this.wake = { timer, at };
  }
}
