// Memberships (product.md §7 "Payments and coins"): the tiers and what each allows, the plans and their prices, a
// subscription, the allowances, and the caller's membership status. Re-exported by billing.ts with the payments.
import { z } from 'zod';

/** Membership tiers, lowest first. Plans (prices, allowances, permissions) are server data; the ids are fixed. */
export const TIERS = ['free', 'premium', 'ultimate'] as const;
export const Tier = z.enum(TIERS, { message: 'must be one of free, premium, ultimate' });
export type Tier = z.infer<typeof Tier>;
export const PaidTier = z.enum(['premium', 'ultimate'], { message: 'must be premium or ultimate' });
export type PaidTier = z.infer<typeof PaidTier>;

export const BillingPeriod = z.enum(['monthly', 'yearly'], { message: 'must be monthly or yearly' });
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export const PaymentsMode = z.enum(['sandbox', 'stripe']);
export type PaymentsMode = z.infer<typeof PaymentsMode>;

/** What a tier allows; enforced by the server (chat, images, characters), shown by the browser. */
export const Permissions = z
  .object({
    premiumCharacters: z.boolean(),
    /** Longest reply the model may write, in tokens. */
    maxReplyTokens: z.number().int(),
    /** How many earlier messages a character remembers. */
    memoryMessages: z.number().int(),
    imageQueue: z.enum(['standard', 'fast']),
    /** Conversations that may wait for a reply at the same time. */
    maxConversationsInFlight: z.number().int(),
    dailyFreeMessages: z.number().int(),
    monthlyFreeImages: z.number().int(),
    monthlyCoins: z.number().int(),
    /** Messages characters may write first to the user in a day, all conversations together (0: none; free). */
    firstMessagesPerDay: z.number().int(),
  })
  .meta({ id: 'Permissions' });
export type Permissions = z.infer<typeof Permissions>;

export const Price = z.object({
  amountCents: z.number().int(),
  currency: z.string(),
  /** For yearly prices: the price per month it works out to, and the saving against paying monthly. */
  perMonthCents: z.number().int(),
  savingsPercent: z.number().int(),
});
export type Price = z.infer<typeof Price>;

export const Plan = z
  .object({
    id: Tier,
    name: z.string(),
    description: z.string(),
    /** null for the free plan. */
    prices: z.object({ monthly: Price, yearly: Price }).nullable(),
    permissions: Permissions,
    /** Human-readable lines for the plan card. */
    features: z.array(z.string()),
    highlighted: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlansResponse = z.object({ plans: z.array(Plan), mode: PaymentsMode, currency: z.string() });

export const PaymentMethodSummary = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});
export type PaymentMethodSummary = z.infer<typeof PaymentMethodSummary>;

export const SubscriptionStatusValue = z.enum(['incomplete', 'active', 'past_due', 'canceled']);
export type SubscriptionStatusValue = z.infer<typeof SubscriptionStatusValue>;

export const Subscription = z
  .object({
    id: z.string(),
    plan: PaidTier,
    billingPeriod: BillingPeriod,
    status: SubscriptionStatusValue,
    provider: PaymentsMode,
    currentPeriodStart: z.string(),
    currentPeriodEnd: z.string(),
    /** true: the membership ends at currentPeriodEnd and does not renew. */
    cancelAtPeriodEnd: z.boolean(),
    canceledAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    /** A lower plan or other period that takes over at currentPeriodEnd. */
    scheduledChange: z.object({ plan: PaidTier, billingPeriod: BillingPeriod }).nullable(),
    paymentMethod: PaymentMethodSummary.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const Allowance = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  resetsAt: z.string(),
});
export type Allowance = z.infer<typeof Allowance>;
export const Allowances = z.object({ chatMessages: Allowance, images: Allowance });
export type Allowances = z.infer<typeof Allowances>;

/** product.md §8: the browser falls back to `{ success: false, tier: 'free' }` when this call fails. */
export const SubscriptionStatusResponse = z.object({
  success: z.boolean(),
  tier: Tier,
  subscription: Subscription.nullable(),
  permissions: Permissions,
  allowances: Allowances,
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;
