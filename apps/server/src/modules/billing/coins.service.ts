// Coins as a user sees them: balance, packs, costs, allowances, the monthly claim and the movement history;
// buying a pack goes through the provider's checkout, and coins arrive through fulfilment.
import type { MonthlyClaimState } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentsProvider } from '../../providers/payments/payments.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { LedgerRepo, LedgerRow } from './ledger.repo.ts';
import type { LedgerService } from './ledger.service.ts';
import type { Plans } from './catalog.ts';
import type { Entitlements, EntitlementsService } from './entitlements.service.ts';
import { claimWindow, refuseUnsupported, type MembershipService } from './membership.service.ts';

export class CoinsService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ ledger: LedgerRepo; users: UsersRepo }>;
      plans: Plans;
      ledger: LedgerService;
      entitlements: EntitlementsService;
      membership: MembershipService;
      provider: PaymentsProvider;
      clock: Clock;
      /** This month's coins were claimed (or already had been): the "coins are ready" notification is done. */
      monthlyClaimed?: (userId: string, key: string) => Promise<unknown>;
    },
  ) {}

  async info(userId: string): Promise<{ balance: number; entitlements: Entitlements; monthly: MonthlyClaimState; movements: LedgerRow[] }> {
    const entitlements = await this.deps.entitlements.of(userId);
    return {
      balance: await this.deps.ledger.balance(userId),
      entitlements,
      monthly: await this.monthlyState(entitlements),
      movements: await this.deps.ledger.history(userId, 30),
    };
  }

  private async monthlyState(e: Entitlements): Promise<MonthlyClaimState> {
    const sub = e.subscription;
    const amount = e.permissions.monthlyCoins;
    if (!sub || amount <= 0) {
      return { amount, canClaim: false, claimedAt: null, nextClaimAt: null, reason: 'Monthly coins come with a membership.' };
    }
    const now = this.deps.clock.now();
    const w = claimWindow(sub.anchorAt, now);
    const claimed = await this.deps.uow.repos.ledger.entry(`monthly:${sub.id}:${w.index}`);
    // No next claim once the membership will have ended by then.
    const ends = sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : undefined;
    const nextClaimAt = ends && w.next >= ends ? null : w.next.toISOString();
    return {
      amount,
      canClaim: !claimed,
      claimedAt: claimed ? claimed.createdAt.toISOString() : null,
      nextClaimAt,
      reason: claimed ? "You have claimed this month's coins." : null,
    };
  }

  /** This membership month's coins when they can be claimed now (the "monthly coins ready" notification asks). */
  async monthlyReady(userId: string): Promise<{ subscriptionId: string; window: number; amount: number } | null> {
    const e = await this.deps.entitlements.of(userId);
    const sub = e.subscription;
    const amount = e.permissions.monthlyCoins;
    if (!sub || amount <= 0) return null;
    const w = claimWindow(sub.anchorAt, this.deps.clock.now());
    if (await this.deps.uow.repos.ledger.entry(`monthly:${sub.id}:${w.index}`)) return null;
    return { subscriptionId: sub.id, window: w.index, amount };
  }

  /** This month's membership coins; a second claim in the same month adds nothing. */
  async claimMonthly(
    userId: string,
  ): Promise<{ claimed: boolean; coins: number; balance: number; message: string; monthly: MonthlyClaimState }> {
    const e = await this.deps.entitlements.of(userId);
    const sub = e.subscription;
    if (!sub || e.permissions.monthlyCoins <= 0) {
      throw new AppError(403, 'MEMBERSHIP_REQUIRED', 'Monthly coins come with a membership.', {
        details: { permission: 'monthlyCoins', requiredTier: this.deps.plans.lowestTierWith((p) => p.monthlyCoins > 0) ?? 'premium' },
      });
    }
    const w = claimWindow(sub.anchorAt, this.deps.clock.now());
    const amount = e.permissions.monthlyCoins;
    const r = await this.deps.ledger.credit({
      userId,
      amount,
      reason: 'monthly_coins',
      reference: sub.id,
      idempotencyKey: `monthly:${sub.id}:${w.index}`,
    });
    await this.deps.monthlyClaimed?.(userId, `monthly:${sub.id}:${w.index}`);
    const monthly = await this.monthlyState(e);
    return {
      claimed: r.applied,
      coins: r.applied ? amount : 0,
      balance: r.applied ? r.balance : await this.deps.ledger.balance(userId),
      message: r.applied ? `${amount} coins added.` : "You have already claimed this month's coins.",
      monthly,
    };
  }

  async checkout(userId: string, packId: string, provider?: string): Promise<{ id: string; url: string }> {
    refuseUnsupported(provider);
    const pack = this.deps.plans.pack(packId);
    if (!pack) throw AppError.notFound('Coin pack');
    const user = await this.deps.uow.repos.users.findById(userId);
    if (!user) throw AppError.notFound('User');
    const coins = pack.coins + pack.bonusCoins;
    return this.deps.provider.createCheckout({
      userId,
      email: user.email,
      kind: 'coin_pack',
      pack: { id: pack.id, name: pack.name, coins, priceCents: pack.priceCents },
      amountCents: pack.priceCents,
      currency: this.deps.plans.catalog.currency,
      description:
        pack.bonusCoins > 0 ? `${pack.name}: ${pack.coins} coins + ${pack.bonusCoins} bonus` : `${pack.name}: ${pack.coins} coins`,
      successUrl: this.deps.membership.appUrl('/payment/success?session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: this.deps.membership.appUrl('/payment/cancel?session_id={CHECKOUT_SESSION_ID}'),
    });
  }
}
