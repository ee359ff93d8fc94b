// Memberships, coins and payments (product.md §7 "Payments and coins", issue 13). Prices are integer cents; times are
// ISO strings. The server decides every amount (price, coins awarded, costs): nothing here is trusted from a client.
import { z } from 'zod';
import { Allowances, BillingPeriod, PaidTier, PaymentMethodSummary, PaymentsMode, Permissions, Subscription, Tier } from './membership.ts';
import { text } from './text.ts';

// The tiers, plans, subscriptions and allowances (membership.ts) belong to this contract too: re-exported, so every
// import from here keeps working.
export * from './membership.ts';

/** Crypto and alternative processors are refused with 410 "no longer supported" (product.md §8); card is the default. */
export const PaymentProviderChoice = text({ min: 1, max: 40 }).optional();

const PaymentMethodId = z
  .string()
  .trim()
  .min(1, 'paymentMethodId must not be empty')
  .max(100, 'paymentMethodId must be at most 100 characters')
  .regex(/^[A-Za-z0-9_:-]+$/, 'paymentMethodId may only contain letters, digits, _ : and -');

export const SubscribeBody = z.object({
  planId: PaidTier,
  /** Sandbox: a test method (`pm_card_visa`, `pm_card_chargeDeclined`, …) charges now; absent: a checkout session. Stripe: ignored, always a Checkout Session. */
  paymentMethodId: PaymentMethodId.optional(),
  billingPeriod: BillingPeriod.default('monthly'),
  provider: PaymentProviderChoice,
});

/**
 * The outcome of starting a payment. `succeeded`: paid and fulfilled now. `checkout`: open `checkoutUrl` (the
 * sandbox checkout page or Stripe Checkout). `requires_action`: the card asks for confirmation at `checkoutUrl`.
 */
export const PaymentOutcome = z.enum(['succeeded', 'checkout', 'requires_action']);
export const SubscribeResponse = z.object({
  status: PaymentOutcome,
  checkoutUrl: z.string().nullable(),
  checkoutSessionId: z.string().nullable(),
  tier: Tier,
  subscription: Subscription.nullable(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

export const UpgradeBody = z.object({
  plan: PaidTier,
  /** Accepted for compatibility and ignored: the server decides the coins from the plans. */
  coinsToAward: z.number().optional(),
  billingPeriod: BillingPeriod.default('monthly'),
  paymentMethodId: PaymentMethodId.optional(),
});
export const UpgradeResponse = SubscribeResponse.extend({
  /** Coins credited now (the difference in monthly coins when this period's coins were already claimed). */
  coinsAwarded: z.number().int(),
  /** Charged now for the rest of the current period (0 for a change scheduled at the period end). */
  prorationCents: z.number().int(),
  /** `now`: the new plan applies at once; `period_end`: scheduled (downgrades, shorter periods). */
  effective: z.enum(['now', 'period_end']),
  message: z.string(),
});
export type UpgradeResponse = z.infer<typeof UpgradeResponse>;

export const CancelBody = z.object({
  /** The caller's subscription when absent. */
  subscriptionId: text({ min: 1, max: 100 }).optional(),
  /** End now instead of at the period end (no refund). */
  immediately: z.boolean().default(false),
  reason: z
    .string()
    .trim()
    .max(500, 'reason must be at most 500 characters')
    .regex(/^[^\p{Cc}]*$/u, 'reason must not contain control characters')
    .optional(),
});
export const CancelResponse = z.object({ success: z.boolean(), message: z.string(), subscription: Subscription.nullable(), tier: Tier });

export const CheckoutSessionKind = z.enum(['subscription', 'coin_pack']);
export const CheckoutSessionStatus = z.enum(['open', 'requires_action', 'complete', 'canceled', 'expired']);
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatus>;

export const CheckoutSession = z
  .object({
    id: z.string(),
    kind: CheckoutSessionKind,
    status: CheckoutSessionStatus,
    /** The sandbox never moves money; the checkout page says so on every screen. */
    testMode: z.boolean(),
    description: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    plan: PaidTier.nullable(),
    billingPeriod: BillingPeriod.nullable(),
    packId: z.string().nullable(),
    coins: z.number().int().nullable(),
    /** Why the last attempt failed ("Your card was declined."), null otherwise. */
    lastError: z.string().nullable(),
    /** Set while status is requires_action: the 3-D-Secure-like step the buyer must approve. */
    nextAction: z.object({ type: z.literal('confirm_payment'), message: z.string() }).nullable(),
    /** True once the purchase was credited (coins or membership). */
    fulfilled: z.boolean(),
    successUrl: z.string(),
    cancelUrl: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof CheckoutSession>;

export const CheckoutResponse = z.object({ checkoutSessionId: z.string(), checkoutUrl: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const CreateSandboxCheckoutBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscription'), plan: PaidTier, billingPeriod: BillingPeriod.default('monthly') }),
  z.object({ kind: z.literal('coin_pack'), packId: text({ min: 1, max: 40 }) }),
]);

const Digits = (name: string, min: number, max: number) =>
  z
    .string()
    // Digits with the spaces or dashes people type between groups; nothing else gets through.
    .max(max + 8, `${name} is too long`)
    .regex(/^[\d\s-]*$/, `${name} must be digits`)
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `${name} must be ${min === max ? min : `${min}–${max}`} digits`));

/** Either a test payment method id or test card details (Stripe's test numbers). */
export const ConfirmSandboxCheckoutBody = z
  .object({
    paymentMethodId: PaymentMethodId.optional(),
    cardNumber: Digits('cardNumber', 12, 19).optional(),
    expMonth: z.number().int().min(1, 'expMonth must be 1–12').max(12, 'expMonth must be 1–12').optional(),
    expYear: z.number().int().min(2000).max(2100).optional(),
    cvc: Digits('cvc', 3, 4).optional(),
  })
  .refine((b) => Boolean(b.paymentMethodId) !== Boolean(b.cardNumber), {
    message: 'Send either paymentMethodId or cardNumber',
  });
export const AuthenticateSandboxCheckoutBody = z.object({ approve: z.boolean() });

export const PaymentsStatusQuery = z.object({ sessionId: text({ min: 1, max: 100 }).optional() });
export const PaymentsStatusResponse = z.object({
  success: z.boolean(),
  mode: PaymentsMode,
  tier: Tier,
  subscription: Subscription.nullable(),
  paymentMethod: PaymentMethodSummary.nullable(),
  /** The caller's checkout session named in `sessionId` (for the success and cancel pages), else null. */
  checkout: CheckoutSession.nullable(),
  coins: z.number().int(),
});
export type PaymentsStatusResponse = z.infer<typeof PaymentsStatusResponse>;

export const Invoice = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(['paid', 'open', 'void', 'refunded']),
    kind: z.enum(['subscription', 'renewal', 'proration', 'coin_pack']),
    description: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    paymentMethod: PaymentMethodSummary.nullable(),
    /** Stripe's hosted invoice page; null in the sandbox. */
    hostedUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;
/** product.md §8: the browser shows an empty list when this call fails. */
export const InvoicesResponse = z.object({ success: z.boolean(), invoices: z.array(Invoice) });

export const PortalSessionBody = z.object({
  returnPath: z
    .string()
    .max(101, 'returnPath must be an app path')
    .regex(/^\/[A-Za-z0-9/_-]{0,100}$/, 'returnPath must be an app path')
    .optional(),
});
export const UrlResponse = z.object({ url: z.string() });

export const UpdatePaymentMethodBody = ConfirmSandboxCheckoutBody;
/** product.md §8: the browser shows "Feature not yet implemented" only when the server says so (success false). */
export const UpdatePaymentMethodResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  paymentMethod: PaymentMethodSummary.nullable(),
  /** Stripe mode: where the payment method is changed (the Billing Portal). */
  url: z.string().nullable(),
});

export const UpdateTierBody = z.object({ tier: Tier });
/** The tier the provider says the caller has; `success` is false when it differs from the tier asked for. */
export const UpdateTierResponse = z.object({
  success: z.boolean(),
  tier: Tier,
  message: z.string(),
  subscription: Subscription.nullable(),
  permissions: Permissions,
});

export const CoinPack = z
  .object({
    id: z.string(),
    name: z.string(),
    coins: z.number().int(),
    bonusCoins: z.number().int(),
    totalCoins: z.number().int(),
    priceCents: z.number().int(),
    currency: z.string(),
    /** "Best value": the pack with the most coins per unit of money, computed from the catalogue. */
    highlighted: z.boolean(),
  })
  .meta({ id: 'CoinPack' });
export type CoinPack = z.infer<typeof CoinPack>;

export const CoinCosts = z.object({ chatMessage: z.number().int(), image: z.number().int() });
export type CoinCosts = z.infer<typeof CoinCosts>;

export const CoinMovement = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  /** The reason in words ("Monthly membership coins"). */
  label: z.string(),
  /** A refund: the id of the charge it gives back (shown beside it); null otherwise. */
  refundOf: z.string().nullable().optional(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type CoinMovement = z.infer<typeof CoinMovement>;

export const MonthlyClaimState = z.object({
  /** Coins the current plan gives each month (0 on free). */
  amount: z.number().int(),
  canClaim: z.boolean(),
  /** When this month's coins were claimed, null when not yet. */
  claimedAt: z.string().nullable(),
  /** The start of the next claim window; null without a renewing membership. */
  nextClaimAt: z.string().nullable(),
  /** Why canClaim is false, in words. */
  reason: z.string().nullable(),
});
export type MonthlyClaimState = z.infer<typeof MonthlyClaimState>;

export const CoinsInfoResponse = z.object({
  balance: z.number().int(),
  tier: Tier,
  packs: z.array(CoinPack),
  costs: CoinCosts,
  allowances: Allowances,
  monthly: MonthlyClaimState,
  movements: z.array(CoinMovement),
  /** The sandbox's free top-up is on (off in production by default). */
  addCoinsEnabled: z.boolean(),
  /** Payments go to the built-in test-mode processor (PAYMENTS_MODE=sandbox): no real money moves. */
  testMode: z.boolean(),
});
export type CoinsInfoResponse = z.infer<typeof CoinsInfoResponse>;

export const ClaimMonthlyResponse = z.object({
  success: z.boolean(),
  /** false: this period's coins were already claimed (nothing added). */
  claimed: z.boolean(),
  coins: z.number().int(),
  balance: z.number().int(),
  message: z.string(),
  monthly: MonthlyClaimState,
});

export const CoinCheckoutBody = z.object({ packId: text({ min: 1, max: 40 }), provider: PaymentProviderChoice });

export const WebhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

/** Bounds of a spending cap or confirmation threshold, in whole coins. */
export const MAX_SPENDING_CAP = 1_000_000;
const CapValue = z
  .number({ message: 'Enter a whole number of coins, or leave it empty for no limit' })
  .int('Enter a whole number of coins')
  .min(1, 'A limit is at least 1 coin (leave it empty for no limit)')
  .max(MAX_SPENDING_CAP, `A limit is at most ${MAX_SPENDING_CAP.toLocaleString('en-US')} coins`)
  .nullable();

/** A raise waiting out its cool-down: `cap` (null = no limit) applies from `from` (ISO time). */
export const PendingCap = z.object({ cap: z.number().int().nullable(), from: z.string() });
export type PendingCap = z.infer<typeof PendingCap>;

export const SpendingCapState = z.object({
  /** The cap in force now, in coins; null = no limit. */
  cap: z.number().int().nullable(),
  /** Coins spent in the current period (debits for chat, images…, less refunds). */
  spent: z.number().int(),
  /** When the current period ends and the count starts again (UTC midnight / the 1st of next month, UTC). */
  resetsAt: z.string(),
  pending: PendingCap.nullable(),
});
export type SpendingCapState = z.infer<typeof SpendingCapState>;

export const SpendingLimitsResponse = z.object({
  daily: SpendingCapState,
  monthly: SpendingCapState,
  /** Ask before one action that costs more than this many coins; null = never ask. */
  confirmAbove: z.number().int().nullable(),
  /** How long a raise waits before it applies, in minutes (lowering applies at once). */
  raiseDelayMinutes: z.number().int(),
});
export type SpendingLimitsResponse = z.infer<typeof SpendingLimitsResponse>;

export const UpdateSpendingLimitsBody = z.object({ daily: CapValue, monthly: CapValue, confirmAbove: CapValue });
export type UpdateSpendingLimitsBody = z.infer<typeof UpdateSpendingLimitsBody>;
