// Work that must not delay the reply: it starts after the current request's I/O, errors are logged (never
// thrown at a client), and shutdown (and tests) can wait for what is still running.
import type { FastifyBaseLogger } from 'fastify';
import { safeError } from './safe-error.ts';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err: safeError(err), task: name }, 'background task failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once every task (including tasks started meanwhile) has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
