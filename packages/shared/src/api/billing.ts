import { AddCoinsBody, CoinsResponse, IdempotencyHeaders } from '../schemas/auth.ts';
import {
  AuthenticateSandboxCheckoutBody,
  CancelBody,
  CancelResponse,
  CheckoutResponse,
  CheckoutSession,
  ClaimMonthlyResponse,
  CoinCheckoutBody,
  CoinsInfoResponse,
  ConfirmSandboxCheckoutBody,
  CreateSandboxCheckoutBody,
  InvoicesResponse,
  PaymentsStatusQuery,
  PaymentsStatusResponse,
  PlansResponse,
  PortalSessionBody,
  SpendingLimitsResponse,
  SubscribeBody,
  SubscribeResponse,
  SubscriptionStatusResponse,
  UpdatePaymentMethodBody,
  UpdateSpendingLimitsBody,
  UpdatePaymentMethodResponse,
  UpdateTierBody,
  UpdateTierResponse,
  UpgradeBody,
  UpgradeResponse,
  UrlResponse,
  WebhookResponse,
} from '../schemas/billing.ts';
import { z } from 'zod';
import { ErrorResponse } from '../errors.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['billing'] as const;
const SessionIdParam = z.object({
  id: z
    .string()
    .max(83, 'must be a checkout session id')
    .regex(/^cs_[A-Za-z0-9_]{1,80}$/, 'must be a checkout session id'),
});
/** 402: either a card decline (`CARD_DECLINED`, details `{ declineCode }`) or not enough coins. */
const paymentErrors = { 402: ErrorResponse, 410: ErrorResponse, 409: ErrorResponse } as const;

export const billingEndpoints = {
  /** Sandbox top-up; the path stays under /api/auth where product.md §7 puts it. */
  addCoins: defineEndpoint({
    method: 'POST',
    path: '/api/auth/add-coins',
    body: AddCoinsBody,
    headers: IdempotencyHeaders,
    response: CoinsResponse,
    errors: errorBodies(403, 409, 429),
    auth: 'required',
    summary: 'Add coins (sandbox payments only)',
    description:
      'Only when PAYMENTS_MODE=sandbox. Send an Idempotency-Key header to make retries safe: the same key with the same body adds once; with a different body it answers 409.',
    tags,
  }),

  plans: defineEndpoint({
    method: 'GET',
    path: '/api/subscriptions/plans',
    response: PlansResponse,
    auth: 'none',
    summary: 'Membership plans: prices (monthly and yearly), allowances and permissions',
    tags,
  }),
  subscriptionStatus: defineEndpoint({
    method: 'GET',
    path: '/api/subscriptions/status',
    response: SubscriptionStatusResponse,
    auth: 'required',
    summary: "The caller's tier, membership, permissions and allowances left",
    tags,
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/payments/subscribe',
    body: SubscribeBody,
    response: SubscribeResponse,
    errors: paymentErrors,
    auth: 'required',
    summary: 'Start a membership',
    description:
      'Sandbox with paymentMethodId: charges the test method now (402 CARD_DECLINED on a decline; requires_action ' +
      'for a card that asks for confirmation). Otherwise: a checkout session to open at checkoutUrl. 409 when a ' +
      'membership is already active (use upgrade). 410 for crypto and alternative processors.',
    tags,
  }),
  upgrade: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/upgrade',
    body: UpgradeBody,
    response: UpgradeResponse,
    errors: paymentErrors,
    auth: 'required',
    summary: 'Change plan or billing period',
    description:
      'A higher tier or a longer period applies now: the unused part of the current period is credited against the ' +
      'new price and the difference charged. A lower tier or shorter period is scheduled for the period end. ' +
      'coinsToAward is ignored; the server awards the difference in monthly coins when this month was already claimed.',
    tags,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/cancel',
    body: CancelBody,
    response: CancelResponse,
    errors: errorBodies(404, 409),
    auth: 'required',
    summary: 'Cancel the membership (at the period end unless immediately)',
    tags,
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/resume',
    response: CancelResponse,
    errors: errorBodies(404, 409),
    auth: 'required',
    summary: 'Undo a cancellation scheduled for the period end',
    tags,
  }),
  paymentsStatus: defineEndpoint({
    method: 'GET',
    path: '/api/payments/status',
    query: PaymentsStatusQuery,
    response: PaymentsStatusResponse,
    auth: 'required',
    summary: 'Payment mode, membership, payment method and (with sessionId) one checkout session of the caller',
    tags,
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/payments/invoices',
    response: InvoicesResponse,
    auth: 'required',
    summary: "The caller's invoices, newest first",
    tags,
  }),
  portalSession: defineEndpoint({
    method: 'POST',
    path: '/api/payments/portal-session',
    body: PortalSessionBody,
    response: UrlResponse,
    errors: errorBodies(409),
    auth: 'required',
    summary: 'Where to manage payment methods and cancellation (Stripe Billing Portal, or the manage page in the sandbox)',
    tags,
  }),
  updatePaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/api/payments/update-payment-method',
    body: UpdatePaymentMethodBody,
    response: UpdatePaymentMethodResponse,
    errors: { 402: ErrorResponse, 409: ErrorResponse },
    auth: 'required',
    summary: "Replace the membership's card (sandbox); Stripe mode answers the Billing Portal url",
    tags,
  }),
  updateTier: defineEndpoint({
    method: 'POST',
    path: '/api/users/update-tier',
    body: UpdateTierBody,
    response: UpdateTierResponse,
    auth: 'required',
    summary: "Re-sync the caller's tier from the payment provider",
    description:
      'A client can never set its own tier: the server recomputes it from the membership the provider holds and ' +
      'answers it; success is false when it differs from the tier asked for.',
    tags,
  }),

  coinsInfo: defineEndpoint({
    method: 'GET',
    path: '/api/coins/info',
    response: CoinsInfoResponse,
    auth: 'required',
    summary: 'Balance, packs, costs, allowances left, monthly claim state and recent movements',
    tags,
  }),
  spendingLimits: defineEndpoint({
    method: 'GET',
    path: '/api/coins/limits',
    response: SpendingLimitsResponse,
    auth: 'required',
    summary: 'Daily and monthly coin caps, what was spent against them, pending raises and the confirmation threshold',
    tags,
  }),
  updateSpendingLimits: defineEndpoint({
    method: 'PUT',
    path: '/api/coins/limits',
    body: UpdateSpendingLimitsBody,
    response: SpendingLimitsResponse,
    auth: 'required',
    summary: 'Set the coin caps (null = none) and the confirmation threshold',
    description:
      'Lowering a cap applies at once; raising or removing one applies an hour later (pending.from). Sending the ' +
      'current cap cancels a pending raise. The threshold applies at once.',
    tags,
  }),
  claimMonthly: defineEndpoint({
    method: 'POST',
    path: '/api/coins/claim-monthly',
    response: ClaimMonthlyResponse,
    errors: errorBodies(403),
    auth: 'required',
    summary: "Claim this month's membership coins (once per month of the membership)",
    description: '403 MEMBERSHIP_REQUIRED without a paid membership. A second claim in the same month adds nothing (claimed false).',
    tags,
  }),
  coinCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/coins/checkout',
    body: CoinCheckoutBody,
    response: CheckoutResponse,
    errors: errorBodies(404, 410),
    auth: 'required',
    summary: 'Buy a coin pack: a checkout session to open at checkoutUrl',
    tags,
  }),

  sandboxCreateCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/payments/sandbox/checkout',
    body: CreateSandboxCheckoutBody,
    response: CheckoutResponse,
    status: 201,
    errors: errorBodies(404, 409),
    auth: 'required',
    summary: 'Sandbox: open a checkout session (membership or coin pack)',
    description: '404 in stripe mode.',
    tags,
  }),
  sandboxGetCheckout: defineEndpoint({
    method: 'GET',
    path: '/api/payments/sandbox/checkout/:id',
    params: SessionIdParam,
    response: CheckoutSession,
    auth: 'required',
    summary: "Sandbox: one of the caller's checkout sessions",
    tags,
  }),
  sandboxConfirmCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/payments/sandbox/checkout/:id/confirm',
    params: SessionIdParam,
    body: ConfirmSandboxCheckoutBody,
    response: CheckoutSession,
    errors: errorBodies(402, 409),
    auth: 'required',
    summary: 'Sandbox: pay with a test payment method id or test card number',
    description:
      'pm_card_visa / 4242 4242 4242 4242 succeed; pm_card_chargeDeclined / 4000 0000 0000 0002 answer 402 ' +
      'CARD_DECLINED (the session stays open); 4000 0025 0000 3155 (pm_card_authenticationRequired) moves the ' +
      'session to requires_action, approved with /authenticate.',
    tags,
  }),
  sandboxAuthenticateCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/payments/sandbox/checkout/:id/authenticate',
    params: SessionIdParam,
    body: AuthenticateSandboxCheckoutBody,
    response: CheckoutSession,
    errors: errorBodies(402, 409),
    auth: 'required',
    summary: 'Sandbox: approve or refuse the confirmation step (3-D Secure-like)',
    description: 'Refusing answers 402 CARD_DECLINED with declineCode authentication_failed; the session reopens.',
    tags,
  }),
  sandboxCancelCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/payments/sandbox/checkout/:id/cancel',
    params: SessionIdParam,
    response: CheckoutSession,
    errors: errorBodies(409),
    auth: 'required',
    summary: 'Sandbox: abandon a checkout session (the cancel page)',
    tags,
  }),

  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/webhooks/stripe',
    response: WebhookResponse,
    errors: errorBodies(400, 404),
    auth: 'none',
    summary: 'Stripe webhook (raw body, Stripe-Signature verified, 300 s tolerance)',
    description: '404 unless PAYMENTS_MODE=stripe. Each event id is processed once.',
    tags,
  }),
} as const;
