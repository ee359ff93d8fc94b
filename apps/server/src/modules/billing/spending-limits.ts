// A user's own coin caps (issue #32): what counts as spending, the periods it is counted in, and the rule that a
// raise waits an hour while a lower cap applies at once (a cool-down against impulse spending).
import type { SpendingCapDetails } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { LedgerRepo, SpendingLimitsRow } from './ledger.repo.ts';

/** Debits that are spending (chat beyond the allowance, regenerate, continue, images, voice); purchases and admin moves are not. */
export const SPENDING_REASONS = ['chat_message', 'image', 'speech', 'transcription', 'call'] as const;
/** Counted with the spending so a refund gives its room back. */
export const COUNTED_REASONS: readonly string[] = [...SPENDING_REASONS, 'allowance_refund'];
export const RAISE_DELAY_MS = 60 * 60_000;

export type CapPeriod = SpendingCapDetails['period'];

/** The current UTC day or UTC calendar month: its start (counting from) and end (when it resets). */
export function periodOf(period: CapPeriod, now: Date): { start: Date; end: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (period === 'day') {
    const start = new Date(Date.UTC(y, m, now.getUTCDate()));
    return { start, end: new Date(start.getTime() + 86_400_000) };
  }
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
}

interface CapSlot {
  cap: number | null;
  next: number | null;
  nextAt: Date | null;
}

function slotOf(row: SpendingLimitsRow | undefined, period: CapPeriod): CapSlot {
  if (!row) return { cap: null, next: null, nextAt: null };
  return period === 'day'
    ? { cap: row.dailyCap, next: row.dailyNext, nextAt: row.dailyNextAt }
    : { cap: row.monthlyCap, next: row.monthlyNext, nextAt: row.monthlyNextAt };
}

/** The slot as it stands at `now`: a raise whose time has come is the cap. */
function settled(slot: CapSlot, now: Date): CapSlot {
  if (slot.nextAt && slot.nextAt.getTime() <= now.getTime()) return { cap: slot.next, next: null, nextAt: null };
  return slot;
}

/** null (no cap) is the highest cap there is. */
function isRaise(from: number | null, to: number | null): boolean {
  if (from === null) return false;
  return to === null || to > from;
}

/** The new slot after the user asks for `wanted`: lower at once, raise after the delay, same = cancel a pending raise. */
export function nextSlot(current: CapSlot, wanted: number | null, now: Date): CapSlot {
  const slot = settled(current, now);
  if (!isRaise(slot.cap, wanted)) return { cap: wanted, next: null, nextAt: null };
  // Asking again for the raise already waiting keeps its time, so saving the form twice does not restart the clock.
  if (slot.nextAt && slot.next === wanted) return slot;
  return { cap: slot.cap, next: wanted, nextAt: new Date(now.getTime() + RAISE_DELAY_MS) };
}

/** 402 SPENDING_CAP: which cap, how much is left, and where to raise it. */
export class SpendingCapError extends AppError {
  constructor(cap: number, spent: number, period: CapPeriod, cost: number) {
    const left = Math.max(0, cap - spent);
    const name = period === 'day' ? 'daily' : 'monthly';
    const when = period === 'day' ? 'today' : 'this month';
    super(
      402,
      'SPENDING_CAP',
      `This costs ${cost} ${cost === 1 ? 'coin' : 'coins'}, which would pass your ${name} spending limit of ${cap} ` +
        `(${left} ${left === 1 ? 'coin' : 'coins'} left ${when}). You can raise it in Settings → Spending limits.`,
      { details: { cap, spent, period } satisfies SpendingCapDetails },
    );
  }
}

/**
 * Inside the ledger's transaction, after the debit's row is claimed (so the sum includes it) and while the caps row
 * is locked (parallel debits wait for the lock, then see each other's committed rows): refuses when the debit
 * passes a cap in force. The throw rolls the claimed row back.
 */
export async function enforceCaps(ledger: LedgerRepo, row: SpendingLimitsRow, cost: number, now: Date): Promise<void> {
  for (const period of ['day', 'month'] as const) {
    const { cap } = settled(slotOf(row, period), now);
    if (cap === null) continue;
    const withThis = await ledger.spentSince(row.userId, periodOf(period, now).start, COUNTED_REASONS);
    if (withThis > cap) throw new SpendingCapError(cap, withThis - cost, period, cost);
  }
}

export interface SpendingLimitsView {
  daily: { cap: number | null; spent: number; resetsAt: Date; pending: { cap: number | null; from: Date } | null };
  monthly: SpendingLimitsView['daily'];
  confirmAbove: number | null;
  raiseDelayMinutes: number;
}

export class SpendingLimitsService {
  constructor(
    private readonly uow: UnitOfWork<{ ledger: LedgerRepo }>,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<SpendingLimitsView> {
    return this.view(userId, await this.uow.repos.ledger.limitsOf(userId));
  }

  async set(userId: string, wanted: { daily: number | null; monthly: number | null; confirmAbove: number | null }) {
    const row = await this.uow.run(async ({ ledger }) => {
      const now = this.clock.now();
      const current = await ledger.lockLimits(userId);
      const daily = nextSlot(slotOf(current, 'day'), wanted.daily, now);
      const monthly = nextSlot(slotOf(current, 'month'), wanted.monthly, now);
      return ledger.saveLimits({
        userId,
        dailyCap: daily.cap,
        dailyNext: daily.next,
        dailyNextAt: daily.nextAt,
        monthlyCap: monthly.cap,
        monthlyNext: monthly.next,
        monthlyNextAt: monthly.nextAt,
        confirmAbove: wanted.confirmAbove,
      });
    });
    return this.view(userId, row);
  }

  /** Whether the user has spent up to a cap they set, today or this month. */
  async reached(userId: string): Promise<boolean> {
    const { daily, monthly } = await this.get(userId);
    return [daily, monthly].some((p) => p.cap !== null && p.spent >= p.cap);
  }

  private async view(userId: string, row: SpendingLimitsRow | undefined): Promise<SpendingLimitsView> {
    const now = this.clock.now();
    const { ledger } = this.uow.repos;
    const state = async (period: CapPeriod) => {
      const slot = settled(slotOf(row, period), now);
      const { start, end } = periodOf(period, now);
      return {
        cap: slot.cap,
        spent: await ledger.spentSince(userId, start, COUNTED_REASONS),
        resetsAt: end,
        pending: slot.nextAt ? { cap: slot.next, from: slot.nextAt } : null,
      };
    };
    return {
      daily: await state('day'),
      monthly: await state('month'),
      confirmAbove: row?.confirmAbove ?? null,
      raiseDelayMinutes: RAISE_DELAY_MS / 60_000,
    };
  }
}
