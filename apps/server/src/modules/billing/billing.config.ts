// Payments and prices (PAYMENTS_MODE, STRIPE_*, BILLING_CATALOG_FILE, IMAGE_COST, SANDBOX_TOP_UP; docs/payments.md),
// merged into config.ts.
import { z } from 'zod';
import { flagOr, optionalEnvFlag } from '../../lib/env-flag.ts';
import { StartupError } from '../../lib/startup-error.ts';

export const BillingEnvSchema = z.object({
  /** Sandbox payments: no real money moves; enables POST /api/auth/add-coins. */
  PAYMENTS_MODE: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** JSON file overriding plans, coin packs and coin costs (see docs/payments.md); defaults are built in. */
  BILLING_CATALOG_FILE: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** JSON object: `{"premium_monthly":"price_…","ultimate_yearly":"price_…","pack_medium":"price_…"}`; missing ones are sent inline. */
  STRIPE_PRICES: z.string().optional(),
  /** Stripe's API origin, overridable only to test against a local server that speaks it. */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * The sandbox's free top-up ("Add 100 coins (sandbox)", POST /api/auth/add-coins) with PAYMENTS_MODE=sandbox.
   * Default: on outside production, off with NODE_ENV=production.
   */
  SANDBOX_TOP_UP: optionalEnvFlag(),
  /** Coins per image beyond the plan's monthly allowance; unset: the catalogue's `costs.image` (5). */
  IMAGE_COST: z.coerce.number().int().min(0).max(10_000).optional(),
});
type BillingEnv = z.infer<typeof BillingEnvSchema>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<string, string>;
  apiUrl: string | undefined;
}

export interface BillingConfig {
  paymentsMode: 'sandbox' | 'stripe';
  /** SANDBOX_TOP_UP: free coins in sandbox mode (never with Stripe). */
  sandboxTopUp: boolean;
  billing: {
    catalogFile: string | undefined;
    /** IMAGE_COST: overrides the catalogue's coins per image. */
    imageCost: number | undefined;
    stripe: StripeConfig | undefined;
  };
}

function stripeConfig(e: BillingEnv): StripeConfig | undefined {
  if (e.PAYMENTS_MODE !== 'stripe') return undefined;
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new StartupError('Invalid configuration: PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  let prices: Record<string, string> = {};
  if (e.STRIPE_PRICES) {
    let json: unknown;
    try {
      json = JSON.parse(e.STRIPE_PRICES);
    } catch {
      json = undefined;
    }
    const parsed = z.record(z.string(), z.string().regex(/^price_\w+$/)).safeParse(json);
    if (!parsed.success) throw new StartupError('Invalid configuration: STRIPE_PRICES must be a JSON object of price ids');
    prices = parsed.data;
  }
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, prices, apiUrl: e.STRIPE_API_URL };
}

export function billingConfigFromEnv(e: BillingEnv, env: 'development' | 'production' | 'test'): BillingConfig {
  return {
    paymentsMode: e.PAYMENTS_MODE,
    sandboxTopUp: e.PAYMENTS_MODE === 'sandbox' && flagOr(e.SANDBOX_TOP_UP, env !== 'production'),
    billing: { catalogFile: e.BILLING_CATALOG_FILE, imageCost: e.IMAGE_COST, stripe: stripeConfig(e) },
  };
}
