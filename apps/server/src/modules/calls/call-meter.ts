// A call's minutes (#42.5): priced in the billing catalogue like every voice use (`voice.costs.call`, daily free
// minutes per tier), one use per minute begun, charged when the minute begins (402 `{ cost, balance }` when short,
// SPENDING_CAP past the user's cap). A minute whose speech failed is given back (`release`), as a failed Listen is.
import type { AllowanceOutcome, EntitlementsService } from '../billing/entitlements.service.ts';

export const MINUTE_MS = 60_000;

export type MeterCharge = Pick<AllowanceOutcome, 'outcome' | 'cost' | 'balance'>;

export interface MeterEvents {
  /** A later minute was charged. */
  charged(minute: number, charge: MeterCharge): void;
  /** A later minute could not be charged (no coins, a cap): the call ends with this error. */
  lapsed(err: unknown): void;
}

export class CallMeter {
  private minute = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: { entitlements: Pick<EntitlementsService, 'consumeVoiceAllowanceOrCharge' | 'release'> },
    private readonly userId: string,
    private readonly callId: string,
    private readonly minuteMs = MINUTE_MS,
  ) {}

  /** Charges the first minute (rejects with the 402 or cap refusal) and then each next one as it begins. */
  async start(on: MeterEvents): Promise<MeterCharge> {
    const first = await this.charge();
    this.timer = setInterval(() => {
      this.charge().then(
        (charge) => !this.stopped && on.charged(this.minute, charge),
        (err: unknown) => !this.stopped && on.lapsed(err),
      );
    }, this.minuteMs);
    this.timer.unref();
    return first;
  }

  /** Minutes begun so far. */
  get minutes(): number {
    return this.minute;
  }

  /** Gives the current minute back (its speech failed). */
  async refundCurrent(): Promise<void> {
    if (this.minute === 0) return;
    await this.deps.entitlements.release(this.userId, 'call', this.keyOf(this.minute));
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async charge(): Promise<MeterCharge> {
    const minute = ++this.minute;
    const c = await this.deps.entitlements.consumeVoiceAllowanceOrCharge(this.userId, 'call', this.keyOf(minute));
    return { outcome: c.outcome, cost: c.cost, balance: c.balance };
  }

  private keyOf(minute: number): string {
    return `${this.callId}:${minute}`;
  }
}
