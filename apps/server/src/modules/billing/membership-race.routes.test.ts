// One live membership per account, whatever arrives at once: 20 parallel subscribes and 20 parallel upgrades in the
// sandbox charge once; in Stripe mode two checkouts paid before either was fulfilled give one membership, and the
// second is cancelled at Stripe and its payment refunded. The database refuses a second live membership on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fake-stripe.ts';
import type { SubscriptionRow } from './payments.repo.ts';

const live = (subs: SubscriptionRow[]) => subs.filter((s) => !s.endedAt && (s.status === 'active' || s.status === 'past_due'));

function caller(t: () => TestApp) {
  return (u: BuiltUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });
}

describe('in the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const call = caller(() => t);

  it('20 parallel subscribes make one membership and one paid invoice; the others are refused before any charge', async () => {
    const u = await buildUser(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(u, 'POST', '/api/payments/subscribe', { planId: 'premium', billingPeriod: 'monthly', paymentMethodId: 'pm_card_visa' }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(answers.find((r) => r.statusCode === 200)!.json().status).toBe('succeeded');
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().message).toMatch(/^You already have (a|the Premium) membership\. Change plans from Manage membership\.$/);
    }
    const { payments, sandbox } = t.deps.uow.repos;
    expect(live(await payments.subscriptionsOf(u.user.id))).toHaveLength(1);
    expect((await payments.invoicesOf(u.user.id, 100)).filter((i) => i.status === 'paid')).toHaveLength(1);
    expect(await sandbox.listByType('subscription', u.user.id)).toHaveLength(1);
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('premium');
  });

  it('20 parallel upgrades change the plan once and charge one proration', async () => {
    const u = await buildUser(t);
    const first = await call(u, 'POST', '/api/payments/subscribe', {
      planId: 'premium',
      billingPeriod: 'monthly',
      paymentMethodId: 'pm_card_visa',
    });
    expect(first.json().status).toBe('succeeded');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'monthly' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const invoices = await t.deps.uow.repos.payments.invoicesOf(u.user.id, 100);
    expect(invoices.filter((i) => i.kind === 'proration')).toHaveLength(1);
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('ultimate');
    // The membership can still be changed afterwards (nothing stays locked).
    const yearly = await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'yearly' });
    expect(yearly.statusCode, yearly.body).toBe(200);
  });

  it('the database itself refuses a second live membership for an account', async () => {
    const u = await buildUser(t);
    const now = new Date();
    const row = (id: string) => ({
      id,
      userId: u.user.id,
      provider: 'sandbox',
      plan: 'premium',
      billingPeriod: 'monthly',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      anchorAt: now,
    });
    const { payments } = t.deps.uow.repos;
    await payments.upsertSubscription(row('sub_one'));
    const second = await payments.upsertSubscription(row('sub_two')).then(
      () => undefined,
      (err: Error) => err,
    );
    expect((second?.cause as { code?: string } | undefined)?.code).toBe('23505');
    // An ended one may sit beside it.
    await payments.upsertSubscription({ ...row('sub_three'), status: 'canceled', endedAt: now });
    expect(live(await payments.subscriptionsOf(u.user.id)).map((s) => s.id)).toEqual(['sub_one']);
  });
});

describe('through Stripe', () => {
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
  const call = caller(() => t);
  const deliver = (d: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
      payload: d.payload,
    });

  it('two checkouts paid before either was fulfilled: one membership; the second is cancelled and refunded', async () => {
    const u = await buildUser(t);
    const open = await Promise.all(
      [0, 1].map(() => call(u, 'POST', '/api/payments/subscribe', { planId: 'premium', billingPeriod: 'monthly' })),
    );
    expect(open.map((r) => r.json().status)).toEqual(['checkout', 'checkout']);
    const paid = open.map((r) => stripe.complete(r.json().checkoutSessionId as string));
    const delivered = await Promise.all(paid.map((p) => deliver(stripe.event('checkout.session.completed', p.session))));
    expect(delivered.map((r) => r.statusCode)).toEqual([200, 200]);

    const subs = await t.deps.uow.repos.payments.subscriptionsOf(u.user.id);
    expect(subs).toHaveLength(2);
    const [kept] = live(subs);
    expect(kept).toBeDefined();
    const second = paid.find((p) => p.subscription!.id !== kept!.id)!;
    expect(stripe.subscriptions.get(second.subscription!.id as string)!.status).toBe('canceled');
    const refunds = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds.map((r) => r.body.payment_intent)).toEqual([second.invoice!.payment_intent]);
    const invoices = await t.deps.uow.repos.payments.invoicesOf(u.user.id, 10);
    expect(invoices.find((i) => i.id === second.invoice!.id)).toMatchObject({ status: 'refunded', refundedCents: 999 });
    expect(invoices.find((i) => i.subscriptionId === kept!.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('premium');

    // Stripe's follow-up events and a replay change nothing, and refund nothing twice.
    for (const p of paid) {
      expect((await deliver(stripe.event('customer.subscription.updated', p.subscription!))).statusCode).toBe(200);
      expect((await deliver(stripe.event('checkout.session.completed', p.session))).statusCode).toBe(200);
    }
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')).toHaveLength(1);
    expect(live(await t.deps.uow.repos.payments.subscriptionsOf(u.user.id)).map((s) => s.id)).toEqual([kept!.id]);
    const after = await t.deps.uow.repos.payments.invoicesOf(u.user.id, 10);
    expect(after.find((i) => i.id === second.invoice!.id)).toMatchObject({ status: 'refunded', refundedCents: 999 });
  });

  it('the second membership is refunded from whichever of its events comes first', async () => {
    const u = await buildUser(t);
    const [first, left] = await Promise.all(
      ['premium', 'ultimate'].map(async (planId) =>
        (await call(u, 'POST', '/api/payments/subscribe', { planId, billingPeriod: 'monthly' })).json(),
      ),
    );
    const paidFirst = stripe.complete(first.checkoutSessionId as string);
    expect((await deliver(stripe.event('checkout.session.completed', paidFirst.session))).statusCode).toBe(200);
    // The membership page refuses a second one now, but the checkout page left open in another tab can still be paid.
    expect((await call(u, 'POST', '/api/payments/subscribe', { planId: 'ultimate', billingPeriod: 'monthly' })).statusCode).toBe(409);
    const stale = stripe.complete(left.checkoutSessionId as string);
    const refundsBefore = stripe.refunds.length;
    // Stripe sends the subscription's own event before the checkout's.
    expect((await deliver(stripe.event('customer.subscription.created', stale.subscription!))).statusCode).toBe(200);
    expect(stripe.subscriptions.get(stale.subscription!.id as string)!.status).toBe('canceled');
    expect(stripe.refunds.slice(refundsBefore).map((r) => r.payment_intent)).toEqual([stale.invoice!.payment_intent]);
    expect((await deliver(stripe.event('checkout.session.completed', stale.session))).statusCode).toBe(200);
    expect(stripe.refunds.length).toBe(refundsBefore + 1);
    const subs = await t.deps.uow.repos.payments.subscriptionsOf(u.user.id);
    expect(live(subs).map((s) => s.id)).toEqual([paidFirst.subscription!.id]);
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('premium');
  });
});
