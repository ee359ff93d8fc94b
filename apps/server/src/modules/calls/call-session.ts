// A call once admitted: its turns one after another (an utterance that arrives while the character answers is a
// barge-in, and is answered next), the minutes charged while it is open, the silence that ends it, and its end.
import { AppError } from '../../lib/app-error.ts';
import type { CallAdmission } from './call-admission.ts';
import type { CallMeter } from './call-meter.ts';
import { CallTurn, type TurnCall, type TurnDeps } from './call-turn.ts';

export const SUPERSEDED = 'Only the last thing you said is answered.';

export interface SessionCall extends TurnCall {
  /** Closes the socket (after the last event). */
  close(code: number, reason: string): void;
}

export interface SessionDeps extends TurnDeps {
  admission: Pick<CallAdmission, 'turn'>;
  idleMs: number;
}

export class CallSession {
  private turn: CallTurn | undefined;
  private pending: Buffer | undefined;
  private ended = false;
  private idle: NodeJS.Timeout | undefined;
  private working: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: SessionDeps,
    private readonly call: SessionCall,
    private readonly meter: CallMeter,
    private readonly release: () => Promise<void>,
  ) {
    this.heard();
  }

  /** One recorded utterance. */
  async utterance(audio: Buffer): Promise<void> {
    if (this.ended) return;
    this.heard();
    try {
      await this.deps.admission.turn(this.call.actor.userId);
    } catch (err) {
      const e = err instanceof AppError ? err : new AppError(429, 'RATE_LIMITED', 'Too many turns: wait a moment.');
      this.call.emit({ type: 'error', code: e.code, message: e.message, fatal: false });
      return;
    }
    if (this.turn) {
      // Spoken over the character: it stops, and this is answered next (only the newest utterance waits; every
      // utterance gets a turn-end or an error, so the client can count what is still to be answered).
      if (this.pending) this.call.emit({ type: 'error', code: 'SUPERSEDED', message: SUPERSEDED, fatal: false });
      this.pending = audio;
      void this.turn.bargeIn().catch(() => {});
      return;
    }
    this.working = this.turns(audio);
  }

  bargeIn(): void {
    this.heard();
    void this.turn?.bargeIn().catch(() => {});
  }

  /** Ends the call: the reply being spoken stops (saved as far as it got), the meter stops, the slot is given back. */
  async end(reason: string, code = 1000): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idle);
    this.meter.stop();
    this.pending = undefined;
    await this.turn?.bargeIn().catch(() => {});
    await this.working.catch(() => {});
    await this.release();
    if (this.call.present()) {
      this.call.emit({ type: 'ended', reason });
      this.call.close(code, reason.slice(0, 120));
    }
  }

  /** The call cannot go on (a minute not paid, the voice failed): the error, then the end. */
  async fail(e: AppError, refundMinute: boolean): Promise<void> {
    if (this.ended) return;
    if (refundMinute) await this.meter.refundCurrent().catch(() => {});
    const message = refundMinute ? `${e.message} This minute of the call was not charged.`.replace(/\s+/g, ' ').trim() : e.message;
    this.call.emit({ type: 'error', code: e.code, message, fatal: true, ...(e.details ? { details: e.details } : {}) });
    await this.end('error', 4000 + Math.min(e.status, 999));
  }

  private async turns(first: Buffer): Promise<void> {
    let next: Buffer | undefined = first;
    while (next && !this.ended) {
      this.pending = undefined;
      const turn = (this.turn = new CallTurn(this.deps, this.call));
      const outcome = await turn.run(next);
      this.turn = undefined;
      this.heard();
      if (outcome.kind === 'voice-failed') {
        // Not awaited: ending waits for this loop, which ends here.
        void this.fail(outcome.error, true);
        return;
      }
      next = this.pending;
    }
  }

  /** Something was heard: the silence that ends the call counts from now. */
  private heard(): void {
    clearTimeout(this.idle);
    if (this.ended) return;
    this.idle = setTimeout(() => {
      if (this.turn) return this.heard();
      void this.end('idle');
    }, this.deps.idleMs);
    this.idle.unref();
  }
}
