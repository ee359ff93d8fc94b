// PAYMENTS_MODE=stripe against a local server that speaks Stripe's API, with webhooks signed by the stripe
// library's test helper: checkout, exactly-once credit under replays, reordering and concurrent deliveries,
// signature checks, memberships, the portal, refunds and disputes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fake-stripe.ts';

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripeEnv(stripe));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const call = (u: BuiltUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

function deliver(d: { payload: string; signature: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
    payload: d.payload,
  });
}

const balance = async (u: BuiltUser) => (await call(u, 'GET', '/api/coins/info')).json().balance as number;

async function paidPack(u: BuiltUser, packId = 'pack_500') {
  const res = await call(u, 'POST', '/api/coins/checkout', { packId });
  expect(res.statusCode).toBe(200);
  const { checkoutSessionId, checkoutUrl } = res.json();
  expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${checkoutSessionId}`);
  const { session } = stripe.complete(checkoutSessionId);
  return session;
}

describe('coin packs through Stripe Checkout', () => {
  it('creates a Checkout Session priced by the server for one customer per user', async () => {
    const u = await buildUser(t);
    await call(u, 'POST', '/api/coins/checkout', { packId: 'pack_100' });
    await call(u, 'POST', '/api/coins/checkout', { packId: 'pack_1200' });
    const creates = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === u.user.id);
    expect(creates).toHaveLength(2);
    expect(creates[1]!.body).toMatchObject({
      mode: 'payment',
      success_url: 'https://reverie.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      metadata: { userId: u.user.id, kind: 'coin_pack', packId: 'pack_1200', coins: '1400' },
      line_items: { '0': { price_data: { unit_amount: '1999', currency: 'usd' } } },
    });
    expect(new Set(creates.map((c) => c.body.customer)).size).toBe(1);
    expect(
      stripe.requests.filter((r) => r.path === '/v1/customers' && (r.body.metadata as { userId?: string })?.userId === u.user.id),
    ).toHaveLength(1);
  });

  it('a signed checkout.session.completed credits once: replayed, concurrent and follow-up events add nothing', async () => {
    const u = await buildUser(t);
    const session = await paidPack(u);
    const ev = stripe.event('checkout.session.completed', session);
    const first = await deliver(ev);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await balance(u)).toBe(550);
    expect((await deliver(ev)).json()).toEqual({ received: true, duplicate: true });

    const second = await paidPack(u, 'pack_100');
    const ev2 = stripe.event('checkout.session.completed', second);
    const both = await Promise.all([deliver(ev2), deliver(ev2)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().duplicate).sort()).toEqual([false, true]);
    await deliver(stripe.event('checkout.session.async_payment_succeeded', second));
    expect(await balance(u)).toBe(650);
    const invoices = (await call(u, 'GET', '/api/payments/invoices')).json().invoices;
    expect(invoices).toHaveLength(2);
    expect(invoices.every((i: { kind: string }) => i.kind === 'coin_pack')).toBe(true);
  });

  it('the success page, asked before the webhook arrives, fulfils from Stripe’s state; the webhook then adds nothing', async () => {
    const u = await buildUser(t);
    const session = await paidPack(u, 'pack_100');
    const status = (await call(u, 'GET', `/api/payments/status?sessionId=${session.id}`)).json();
    expect(status).toMatchObject({ mode: 'stripe', coins: 100, checkout: { status: 'complete', fulfilled: true, testMode: false } });
    await deliver(stripe.event('checkout.session.completed', session));
    expect(await balance(u)).toBe(100);
    const other = await buildUser(t);
    expect((await call(other, 'GET', `/api/payments/status?sessionId=${session.id}`)).statusCode).toBe(404);
  });

  it('refuses deliveries with a bad signature, an old timestamp, a changed body or no signature (400)', async () => {
    const u = await buildUser(t);
    const session = await paidPack(u, 'pack_100');
    const wrongSecret = await deliver(stripe.event('checkout.session.completed', session, { secret: 'whsec_wrong' }));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe('Webhook signature verification failed');
    const old = await deliver(stripe.event('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('Webhook timestamp is too old');
    const ev = stripe.event('checkout.session.completed', session);
    const tampered = await deliver({ ...ev, payload: ev.payload.replace('"checkout.session.completed"', '"checkout.session.completed" ') });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: ev.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balance(u)).toBe(0);
    // Within the 300 s tolerance it is accepted.
    const recent = await deliver(stripe.event('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 200 }));
    expect(recent.statusCode).toBe(200);
    expect(await balance(u)).toBe(100);
  });

  it('refunds and disputes write compensating entries once; a won dispute gives the coins back', async () => {
    const u = await buildUser(t);
    const a = await paidPack(u, 'pack_500'); // 550 coins for 8.99
    await deliver(stripe.event('checkout.session.completed', a));
    const b = await paidPack(u, 'pack_100'); // 100 coins for 1.99
    await deliver(stripe.event('checkout.session.completed', b));
    expect(await balance(u)).toBe(650);

    const refund = stripe.event('charge.refunded', {
      id: 'ch_a',
      object: 'charge',
      payment_intent: a.payment_intent,
      amount: 899,
      amount_refunded: 899,
    });
    await deliver(refund);
    await deliver(refund);
    const partialLate = stripe.event('charge.refunded', {
      id: 'ch_a',
      object: 'charge',
      payment_intent: a.payment_intent,
      amount: 899,
      amount_refunded: 400,
    });
    await deliver(partialLate);
    expect(await balance(u)).toBe(100);

    const dispute = { id: 'dp_b', object: 'dispute', charge: 'ch_b', payment_intent: b.payment_intent, status: 'needs_response' };
    await deliver(stripe.event('charge.dispute.created', dispute));
    expect(await balance(u)).toBe(0);
    await deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect(await balance(u)).toBe(100);
    const reasons = (await call(u, 'GET', '/api/coins/info')).json().movements.map((m: { reason: string }) => m.reason);
    expect(reasons.slice(0, 3)).toEqual(['dispute_won', 'dispute', 'refund']);
  });
});

describe('memberships through Stripe', () => {
  it('events in any order make the user premium once; cancel at period end; deletion ends it', async () => {
    const u = await buildUser(t);
    const start = (
      await call(u, 'POST', '/api/payments/subscribe', { planId: 'premium', billingPeriod: 'yearly', paymentMethodId: 'pm_card_visa' })
    ).json();
    expect(start).toMatchObject({ status: 'checkout', tier: 'free' });
    expect(start.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const create = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.body).toMatchObject({
      mode: 'subscription',
      line_items: { '0': { price_data: { unit_amount: '9590', recurring: { interval: 'year' } } } },
    });

    const { session, subscription, invoice } = stripe.complete(start.checkoutSessionId);
    // Reordered: the subscription and invoice events arrive before the checkout one.
    expect((await deliver(stripe.event('customer.subscription.created', subscription!))).statusCode).toBe(200);
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('premium');
    await deliver(stripe.event('invoice.paid', invoice!));
    await deliver(stripe.event('checkout.session.completed', session));
    await deliver(stripe.event('customer.subscription.created', subscription!));
    const status = (await call(u, 'GET', '/api/subscriptions/status')).json();
    expect(status).toMatchObject({
      tier: 'premium',
      subscription: {
        id: subscription!.id,
        plan: 'premium',
        billingPeriod: 'yearly',
        provider: 'stripe',
        paymentMethod: { last4: '4242' },
      },
    });
    const invoices = (await call(u, 'GET', '/api/payments/invoices')).json().invoices;
    expect(invoices).toEqual([
      expect.objectContaining({ kind: 'subscription', amountCents: 9590, hostedUrl: 'https://invoice.stripe.test/i/1' }),
    ]);
    expect((await call(u, 'GET', `/api/payments/status?sessionId=${session.id}`)).json().checkout.fulfilled).toBe(true);

    const claim = (await call(u, 'POST', '/api/coins/claim-monthly')).json();
    expect(claim).toMatchObject({ claimed: true, coins: 300 });

    const cancel = (await call(u, 'POST', '/api/subscriptions/cancel', {})).json();
    expect(cancel).toMatchObject({ tier: 'premium', subscription: { cancelAtPeriodEnd: true } });
    expect(stripe.requests.findLast((r) => r.path === `/v1/subscriptions/${subscription!.id}` && r.method === 'POST')!.body).toMatchObject({
      cancel_at_period_end: 'true',
    });

    // A stale "updated" event (still active) after the deletion cannot bring the membership back: state is re-read.
    Object.assign(subscription!, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await deliver(stripe.event('customer.subscription.deleted', subscription!));
    await deliver(stripe.event('customer.subscription.updated', { ...subscription!, status: 'active' }));
    expect((await call(u, 'GET', '/api/subscriptions/status')).json()).toMatchObject({
      tier: 'free',
      subscription: { status: 'canceled' },
    });
    expect((await t.deps.uow.repos.users.findById(u.user.id))?.tier).toBe('free');
  });

  it('a plan change asks Stripe to switch the price with proration invoiced now, then mirrors the new plan', async () => {
    const u = await buildUser(t);
    const start = (await call(u, 'POST', '/api/payments/subscribe', { planId: 'premium' })).json();
    expect(stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.body.line_items).toEqual({
      '0': { price: 'price_premium_m', quantity: '1' },
    });
    const { session } = stripe.complete(start.checkoutSessionId);
    await deliver(stripe.event('checkout.session.completed', session));
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('premium');
    const up = (
      await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'monthly', coinsToAward: 5000 })
    ).json();
    expect(up).toMatchObject({ tier: 'ultimate', effective: 'now', coinsAwarded: 0 });
    const update = stripe.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${session.subscription}`)!;
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', items: { '0': { price: 'price_ultimate_m' } } });
    expect(await balance(u)).toBe(0);
    const down = (await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'premium', billingPeriod: 'monthly' })).json();
    expect(down).toMatchObject({ tier: 'premium', effective: 'now', prorationCents: 0 });
    expect(down.message).toBe('You are now on Premium (monthly); your next renewal is charged at its price.');
    expect(
      stripe.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${session.subscription}`)!.body,
    ).toMatchObject({
      proration_behavior: 'none',
      items: { '0': { price: 'price_premium_m' } },
    });
    const yearly = await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'yearly' });
    expect(yearly.statusCode).toBe(503);
    expect(yearly.json().message).toBe('Plan changes need a Stripe price id for ultimate yearly (STRIPE_PRICES).');
  });

  it('portal and payment method go to the Billing Portal; add-coins and the sandbox checkout are refused', async () => {
    const u = await buildUser(t);
    expect((await call(u, 'POST', '/api/payments/portal-session', {})).statusCode).toBe(409);
    await call(u, 'POST', '/api/coins/checkout', { packId: 'pack_100' });
    const portal = (await call(u, 'POST', '/api/payments/portal-session', { returnPath: '/coins' })).json();
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/cus_/);
    expect(stripe.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!.body.return_url).toBe('https://reverie.test/coins');
    const pm = (await call(u, 'POST', '/api/payments/update-payment-method', { paymentMethodId: 'pm_card_visa' })).json();
    expect(pm).toMatchObject({ success: true, paymentMethod: null, message: 'Change your card in the billing portal.' });
    expect(pm.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    const add = await call(u, 'POST', '/api/auth/add-coins', { amount: 100 });
    expect(add.statusCode).toBe(403);
    const sandboxCheckout = await call(u, 'POST', '/api/payments/sandbox/checkout', { kind: 'coin_pack', packId: 'pack_100' });
    expect(sandboxCheckout.statusCode).toBe(404);
    expect((await call(u, 'GET', '/api/subscriptions/plans')).json().mode).toBe('stripe');
  });
});
