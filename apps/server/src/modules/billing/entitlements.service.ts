// What a user's tier allows, and the allowance API chat and images call before doing paid work: a free use from
// the plan's allowance, else a coin charge, else 402 with { cost, balance }. Always decided here, on the server.
import type { Allowance, Allowances, Permissions, Tier } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import type { LedgerService } from './ledger.service.ts';
import type { Plans } from './catalog.ts';
import type { ClaimedUse, FreeUseClaim, PaymentsRepo, SubscriptionRow } from './payments.repo.ts';

/** A membership gives its plan while active (or past due, during the retry window) and before it ends. */
export function isEntitled(sub: SubscriptionRow | undefined, now: Date): sub is SubscriptionRow {
  if (!sub || sub.endedAt) return false;
  if (sub.status !== 'active' && sub.status !== 'past_due') return false;
  return !(sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now);
}

export function tierOf(sub: SubscriptionRow | undefined, now: Date): Tier {
  return isEntitled(sub, now) ? (sub.plan as Tier) : 'free';
}

export type AllowanceKind = 'chat' | 'image' | VoiceKind;
/** Voice uses (#42): a reply read aloud, a recording transcribed, a minute of a call; daily free uses per tier, then coins. */
export type VoiceKind = 'speech' | 'transcription' | 'call';

/** An allowance use being claimed: its row, and what settling it needs. */
/**
 * What a charge paid for, kept as its ledger row's `reference` so the coins page names it ("Regenerated reply"):
 * regenerate, continue, chat-picture; none for a plain chat message or a picture from the generator.
 */
export type ChargePurpose = 'regenerate' | 'continue' | 'chat-picture';

interface Claim {
  kind: AllowanceKind;
  tier: Tier;
  row: FreeUseClaim;
  purpose?: ChargePurpose;
}

export interface Entitlements {
  tier: Tier;
  permissions: Permissions;
  /** The membership giving the tier (undefined on free). */
  subscription: SubscriptionRow | undefined;
  /** The newest membership, ended ones included (for showing an end date). */
  latestSubscription: SubscriptionRow | undefined;
  allowances: Allowances;
}

export interface AllowanceOutcome {
  /** free: taken from the plan's allowance; coins: charged `cost` coins. */
  outcome: 'free' | 'coins';
  cost: number;
  balance: number;
  /** Free uses left in the period after this one. */
  remaining: number;
  tier: Tier;
}

function periodOf(kind: AllowanceKind, now: Date): { key: string; resetsAt: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (kind !== 'image') {
    return { key: now.toISOString().slice(0, 10), resetsAt: new Date(Date.UTC(y, m, now.getUTCDate() + 1)) };
  }
  return { key: now.toISOString().slice(0, 7), resetsAt: new Date(Date.UTC(y, m + 1, 1)) };
}

const PERMISSION_NAMES: Record<string, string> = { premiumCharacters: 'Premium characters' };

export class EntitlementsService {
  constructor(
    private readonly uow: UnitOfWork<{ payments: PaymentsRepo; ledger: LedgerRepo }>,
    private readonly plans: Plans,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  async of(userId: string): Promise<Entitlements> {
    const now = this.clock.now();
    const latest = await this.uow.repos.payments.latestSubscriptionOf(userId);
    const tier = tierOf(latest, now);
    const permissions = this.plans.plan(tier).permissions;
    return {
      tier,
      permissions,
      subscription: isEntitled(latest, now) ? latest : undefined,
      latestSubscription: latest,
      allowances: {
        chatMessages: await this.allowance(userId, 'chat', permissions.dailyFreeMessages, now),
        images: await this.allowance(userId, 'image', permissions.monthlyFreeImages, now),
      },
    };
  }

  /** The caller's tier and what it permits, without the allowances (one query: the hot path of a chat message). */
  async permissionsOf(userId: string): Promise<Pick<Entitlements, 'tier' | 'permissions'>> {
    return this.permissionsFrom(await this.uow.repos.payments.latestSubscriptionOf(userId));
  }

  /** The tier and permissions a user's newest membership gives now (for callers that read it with other data). */
  permissionsFrom(latest: SubscriptionRow | undefined): Pick<Entitlements, 'tier' | 'permissions'> {
    const tier = tierOf(latest, this.clock.now());
    return { tier, permissions: this.plans.plan(tier).permissions };
  }

  private async allowance(userId: string, kind: AllowanceKind, limit: number, now: Date): Promise<Allowance> {
    const p = periodOf(kind, now);
    const used = await this.uow.repos.payments.usedIn(userId, kind, p.key);
    return { limit, used, remaining: Math.max(0, limit - used), resetsAt: p.resetsAt.toISOString() };
  }

  /** 403 MEMBERSHIP_REQUIRED with `{ permission, requiredTier }` when the caller's tier lacks a yes/no permission. */
  async requirePermission(userId: string, permission: 'premiumCharacters'): Promise<Entitlements> {
    const e = await this.of(userId);
    this.assertPermission(e, permission);
    return e;
  }

  /** `requirePermission` for permissions already read (`permissionsFrom`). */
  assertPermission(e: Pick<Entitlements, 'permissions'>, permission: 'premiumCharacters'): void {
    if (e.permissions[permission]) return;
    const requiredTier = this.plans.lowestTierWith((p) => p[permission]) ?? 'premium';
    const plan = this.plans.plan(requiredTier);
    throw new AppError(403, 'MEMBERSHIP_REQUIRED', `${PERMISSION_NAMES[permission]} need a ${plan.name} membership.`, {
      details: { permission, requiredTier },
    });
  }

  /**
   * One chat message: free from today's allowance, else the chat cost in coins, else 402 `{ cost, balance }`.
   * `known`: the caller's tier, when it has just read it (`permissionsOf`), saves a query inside the transaction.
   */
  consumeChatAllowanceOrCharge(
    userId: string,
    idempotencyKey: string,
    known?: Pick<Entitlements, 'tier' | 'permissions'>,
    purpose?: ChargePurpose,
  ): Promise<AllowanceOutcome> {
    return this.consume(userId, 'chat', idempotencyKey, known, purpose);
  }

  /** One image: free from this month's allowance, else the image cost in coins, else 402 `{ cost, balance }`. */
  consumeImageAllowanceOrCharge(userId: string, idempotencyKey: string, purpose?: ChargePurpose): Promise<AllowanceOutcome> {
    return this.consume(userId, 'image', idempotencyKey, undefined, purpose);
  }

  /**
   * A chat message's allowance use, claimed in the statement that saves the message (`row` goes to
   * `ChatRepo.insertUserMessageClaiming`); `settle` turns what it claimed into the outcome, charging coins when no
   * free use was left (402 `{ cost, balance }` when short; the claim is then dropped, and the caller takes its message
   * back).
   */
  chatAllowanceClaim(
    userId: string,
    idempotencyKey: string,
    known: Pick<Entitlements, 'tier' | 'permissions'>,
  ): { row: FreeUseClaim; settle: (claimed: ClaimedUse) => Promise<AllowanceOutcome> } {
    const claim = this.claimOf(userId, 'chat', idempotencyKey, known);
    return { row: claim.row, settle: (claimed) => this.settle(claim, claimed) };
  }

  /**
   * Same key twice = one use (the second call answers the first outcome). Inside a caller's transaction everything
   * joins it, so a failed generation inside that transaction takes nothing. Outside one, a free use is one atomic
   * statement (a chat message's hot path); only the coin charge needs a transaction, and a charge that fails
   * (402 `{ cost, balance }`) leaves no claimed key behind.
   */
  private async consume(
    userId: string,
    kind: AllowanceKind,
    idempotencyKey: string,
    known?: Pick<Entitlements, 'tier' | 'permissions'>,
    purpose?: ChargePurpose,
  ): Promise<AllowanceOutcome> {
    const claim = { ...this.claimOf(userId, kind, idempotencyKey, known ?? (await this.permissionsOf(userId))), purpose };
    return this.settle(claim, await this.uow.repos.payments.claimFreeUse(claim.row));
  }

  private claimOf(userId: string, kind: AllowanceKind, idempotencyKey: string, e: Pick<Entitlements, 'tier' | 'permissions'>): Claim {
    if (!idempotencyKey || idempotencyKey.length > 200) throw AppError.badRequest('An idempotency key of 1–200 characters is required');
    const key = `${kind}:${userId}:${idempotencyKey}`;
    const period = periodOf(kind, this.clock.now());
    const limit = this.limitOf(kind, e);
    return { kind, tier: e.tier, row: { idempotencyKey: key, userId, kind, periodKey: period.key, limit } };
  }

  private async settle(claim: Claim, claimed: ClaimedUse): Promise<AllowanceOutcome> {
    const { kind, tier } = claim;
    const { idempotencyKey: key, userId, limit } = claim.row;
    if (claimed.outcome === 'free' && claimed.used !== null) {
      return { outcome: 'free', cost: 0, balance: claimed.balance, remaining: Math.max(0, limit - claimed.used), tier };
    }
    if (claimed.outcome === null) {
      // The key was used before (or by a twin request at the same moment): its outcome is the answer.
      const { payments, ledger } = this.uow.repos;
      const prev = await payments.use(key);
      if (!prev || prev.userId !== userId) throw AppError.conflict('Idempotency key already used');
      if (prev.outcome === 'pending') throw AppError.conflict('This use is still being settled: try again in a moment');
      const used = await payments.usedIn(userId, kind, prev.periodKey);
      return {
        outcome: prev.outcome === 'coins' ? 'coins' : 'free',
        cost: prev.cost,
        balance: (await ledger.balanceOf(userId)) ?? 0,
        remaining: Math.max(0, limit - used),
        tier,
      };
    }
    // Claimed, with no free use left (or the last one taken by a message at the same moment): coins, settled together.
    const cost = this.costOf(kind);
    try {
      return await this.uow.run(async ({ payments }) => {
        let balance = claimed.balance;
        if (cost > 0) {
          ({ balance } = await this.ledger.debit({
            userId,
            amount: cost,
            reason: kind === 'chat' ? 'chat_message' : kind,
            reference: claim.purpose,
            idempotencyKey: `allowance:${key}`,
          }));
        }
        await payments.settleUse(key, 'coins', cost);
        return { outcome: 'coins', cost, balance, remaining: 0, tier };
      });
    } catch (err) {
      // InsufficientCoinsError (402) and any other failure: the claim goes (a caller's transaction rolls it back anyway).
      await this.uow.repos.payments.dropClaim(key).catch(() => {});
      throw err;
    }
  }

  /** Today's free voice uses of `kind` and their coin cost beyond them (shown before the action). */
  async voiceAllowance(userId: string, kind: VoiceKind): Promise<{ allowance: Allowance; cost: number }> {
    const { tier, permissions } = await this.permissionsOf(userId);
    const limit = this.limitOf(kind, { tier, permissions });
    return { allowance: await this.allowance(userId, kind, limit, this.clock.now()), cost: this.costOf(kind) };
  }

  /**
   * One voice use: free from today's allowance, else coins, else 402 `{ cost, balance }`. The same key again is the
   * same use (a Listen's later sentences); a key given back by `release` is refused (409), so a refund is not a free pass.
   */
  async consumeVoiceAllowanceOrCharge(userId: string, kind: VoiceKind, idempotencyKey: string): Promise<AllowanceOutcome> {
    const released = await this.uow.repos.payments.use(`${kind}:${userId}:${idempotencyKey}`);
    if (released?.outcome === 'released') throw AppError.conflict('This was refunded after a failure: start it again.');
    return this.consume(userId, kind, idempotencyKey);
  }

  private limitOf(kind: AllowanceKind, e: Pick<Entitlements, 'tier' | 'permissions'>): number {
    if (kind === 'chat') return e.permissions.dailyFreeMessages;
    if (kind === 'image') return e.permissions.monthlyFreeImages;
    return this.plans.catalog.voice.dailyFree[e.tier][kind];
  }

  private costOf(kind: AllowanceKind): number {
    const { costs, voice } = this.plans.catalog;
    return kind === 'chat' ? costs.chatMessage : kind === 'image' ? costs.image : voice.costs[kind];
  }

  /** Gives back a use whose work failed: the free use returns to the allowance, or the coins are refunded. */
  async release(userId: string, kind: AllowanceKind, idempotencyKey: string): Promise<void> {
    const key = `${kind}:${userId}:${idempotencyKey}`;
    await this.uow.run(async ({ payments, ledger }) => {
      const use = await payments.use(key);
      if (!use || use.userId !== userId || use.outcome === 'released') return;
      if (use.outcome === 'free') await payments.giveBackFreeUse(userId, kind, use.periodKey);
      if (use.outcome === 'coins' && use.cost > 0) {
        // The refund names its charge (`reference`), so the coins page shows it beside that charge.
        const charge = await ledger.findByKey(`allowance:${key}`);
        const reference = charge?.id;
        await this.ledger.credit({ userId, amount: use.cost, reason: 'allowance_refund', reference, idempotencyKey: `release:${key}` });
      }
      await payments.settleUse(key, 'released', use.cost);
    });
  }
}
