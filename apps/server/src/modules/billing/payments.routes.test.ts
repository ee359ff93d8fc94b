// The sandbox economy over HTTP: plans, coin packs through the sandbox checkout (success, decline, confirmation
// step), memberships (subscribe, claim, upgrade with proration, downgrade, cancel, renew on the clock), invoices,
// update-tier, and exactly-once fulfilment when events are replayed, reordered or redelivered after a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { DAY_MS } from '../../lib/clock.ts';
import type { PaymentEvent } from '../../providers/payments/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sandbox = () => t.modules.billing.services.payments.sandbox!;

async function call(u: BuiltUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: u?.auth, ...(payload ? { payload } : {}) });
}

async function buyPack(u: BuiltUser, packId: string, card: object = { paymentMethodId: 'pm_card_visa' }) {
  const start = await call(u, 'POST', '/api/coins/checkout', { packId });
  expect(start.statusCode).toBe(200);
  const { checkoutSessionId, checkoutUrl } = start.json();
  expect(checkoutUrl).toBe(`/sandbox/checkout/${checkoutSessionId}`);
  const confirm = await call(u, 'POST', `/api/payments/sandbox/checkout/${checkoutSessionId}/confirm`, card);
  return { id: checkoutSessionId as string, confirm };
}

async function subscribe(u: BuiltUser, planId = 'premium', billingPeriod = 'monthly') {
  const res = await call(u, 'POST', '/api/payments/subscribe', { planId, billingPeriod, paymentMethodId: 'pm_card_visa' });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('succeeded');
  return res.json();
}

describe('plans and status', () => {
  it('lists free and two paid plans with discounted yearly prices; anyone may read them', async () => {
    const res = await call(undefined, 'GET', '/api/subscriptions/plans');
    expect(res.statusCode).toBe(200);
    const { plans, mode } = res.json();
    expect(mode).toBe('sandbox');
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['free', 'premium', 'ultimate']);
    expect(plans[0].prices).toBeNull();
    expect(plans[0].permissions.dailyFreeMessages).toBe(50);
    for (const p of plans.slice(1)) {
      expect(p.prices.yearly.amountCents).toBeLessThan(p.prices.monthly.amountCents * 12);
      expect(p.prices.yearly.savingsPercent).toBeGreaterThan(0);
      expect(p.permissions.premiumCharacters).toBe(true);
      expect(p.permissions.monthlyCoins).toBeGreaterThan(0);
    }
  });

  it('a new account is free, with the free allowances; status needs a session', async () => {
    const u = await buildUser(t);
    const res = await call(u, 'GET', '/api/subscriptions/status');
    expect(res.json()).toMatchObject({
      success: true,
      tier: 'free',
      subscription: null,
      permissions: { premiumCharacters: false, dailyFreeMessages: 50 },
      allowances: { chatMessages: { limit: 50, used: 0, remaining: 50 } },
    });
    expect((await call(undefined, 'GET', '/api/subscriptions/status')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/coins/info')).statusCode).toBe(401);
  });
});

describe('coin packs in the sandbox checkout', () => {
  it('4242 pays: the balance rises by coins + bonus once, with an invoice and a movement', async () => {
    const u = await buildUser(t);
    const { id, confirm } = await buyPack(u, 'pack_500', { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ status: 'complete', fulfilled: true, testMode: true, coins: 550 });
    const info = (await call(u, 'GET', '/api/coins/info')).json();
    expect(info.balance).toBe(550);
    expect(info.movements[0]).toMatchObject({ delta: 550, reason: 'coin_pack', label: 'Coin pack purchase' });
    expect(info.packs.find((p: { id: string }) => p.id === 'pack_500')).toMatchObject({ coins: 500, bonusCoins: 50, totalCoins: 550 });
    // "Best value" is the pack with the most coins per dollar (Hoard: 8,000 for $89.99), and only that one.
    expect(info.packs.filter((p: { highlighted: boolean }) => p.highlighted).map((p: { id: string }) => p.id)).toEqual(['pack_6000']);
    const status = (await call(u, 'GET', `/api/payments/status?sessionId=${id}`)).json();
    expect(status.checkout).toMatchObject({ id, status: 'complete', fulfilled: true });
    expect(status.coins).toBe(550);
    const invoices = (await call(u, 'GET', '/api/payments/invoices')).json().invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      kind: 'coin_pack',
      status: 'paid',
      amountCents: 899,
      paymentMethod: { brand: 'visa', last4: '4242' },
    });

    const again = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, { paymentMethodId: 'pm_card_visa' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This checkout is already paid.');
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(550);
  });

  it('a declined card says so, keeps the session open and adds nothing; another card then pays', async () => {
    const u = await buildUser(t);
    const { id, confirm } = await buyPack(u, 'pack_100', { paymentMethodId: 'pm_card_chargeDeclined' });
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
      details: { declineCode: 'card_declined' },
    });
    const s = (await call(u, 'GET', `/api/payments/sandbox/checkout/${id}`)).json();
    expect(s).toMatchObject({ status: 'open', lastError: 'Your card was declined.', fulfilled: false });
    const byNumber = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, {
      cardNumber: '4000000000000002',
      expMonth: 1,
      expYear: 2099,
      cvc: '123',
    });
    expect(byNumber.statusCode).toBe(402);
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(0);
    const ok = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, { paymentMethodId: 'pm_card_visa' });
    expect(ok.json().status).toBe('complete');
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(100);
  });

  it('4000 0025 0000 3155 asks for confirmation: refusing declines, approving pays', async () => {
    const u = await buildUser(t);
    const card = { cardNumber: '4000002500003155', expMonth: 5, expYear: 2099, cvc: '123' };
    const { id, confirm } = await buyPack(u, 'pack_100', card);
    expect(confirm.json()).toMatchObject({ status: 'requires_action', nextAction: { type: 'confirm_payment' } });
    const refused = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/authenticate`, { approve: false });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.details).toEqual({ declineCode: 'authentication_failed' });
    await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, card);
    const approved = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/authenticate`, { approve: true });
    expect(approved.json()).toMatchObject({ status: 'complete', fulfilled: true });
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(100);
  });

  it('refuses bad cards and inputs clearly, hides other users’ sessions, and cancels', async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const { id } = await buyPack(u, 'pack_100', { cardNumber: '4242424242424241', expMonth: 1, expYear: 2099, cvc: '1' });
    const bad = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, {
      cardNumber: '4242424242424241',
      expMonth: 1,
      expYear: 2099,
      cvc: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Your card number is incorrect.');
    const both = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, {
      paymentMethodId: 'pm_card_visa',
      cardNumber: '4242424242424242',
    });
    expect(both.statusCode).toBe(400);
    const expired = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, {
      cardNumber: '4242424242424242',
      expMonth: 1,
      expYear: 2020,
      cvc: '123',
    });
    expect(expired.json().error).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card has expired.' });
    const real = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, {
      cardNumber: '4111111111111111',
      expMonth: 1,
      expYear: 2099,
      cvc: '123',
    });
    expect(real.json().message).toMatch(/test mode/);
    expect((await call(other, 'GET', `/api/payments/sandbox/checkout/${id}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, { paymentMethodId: 'pm_card_visa' })).statusCode,
    ).toBe(404);
    expect((await call(other, 'GET', `/api/payments/status?sessionId=${id}`)).statusCode).toBe(404);
    const cancelled = await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/cancel`);
    expect(cancelled.json().status).toBe('canceled');
    expect((await call(u, 'POST', `/api/payments/sandbox/checkout/${id}/confirm`, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(
      409,
    );
    expect((await call(u, 'POST', '/api/coins/checkout', { packId: 'pack_nope' })).statusCode).toBe(404);
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(0);
  });

  it('crypto and alternative processors are no longer supported', async () => {
    const u = await buildUser(t);
    const crypto = await call(u, 'POST', '/api/coins/checkout', { packId: 'pack_100', provider: 'crypto' });
    expect(crypto.statusCode).toBe(410);
    expect(crypto.json().error.code).toBe('NO_LONGER_SUPPORTED');
    expect(crypto.json().message).toBe('Crypto payments are no longer supported. Please pay by card.');
    const ccbill = await call(u, 'POST', '/api/payments/subscribe', { planId: 'premium', provider: 'ccbill' });
    expect(ccbill.statusCode).toBe(410);
    expect(ccbill.json().message).toBe('This payment processor is no longer supported. Please pay by card.');
  });

  it('the sandbox add-coins helper still works, and the Stripe webhook route is not served in the sandbox', async () => {
    const u = await buildUser(t);
    const res = await call(u, 'POST', '/api/auth/add-coins', { amount: 100 });
    expect(res.json().coins).toBe(100);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: {} })).statusCode).toBe(404);
  });
});

describe('memberships', () => {
  it('subscribe → premium permissions; monthly claim once (also when two claims race); free users cannot claim', async () => {
    const free = await buildUser(t);
    const denied = await call(free, 'POST', '/api/coins/claim-monthly');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toMatchObject({ code: 'MEMBERSHIP_REQUIRED', details: { requiredTier: 'premium' } });

    const u = await buildUser(t);
    const sub = await subscribe(u);
    expect(sub.tier).toBe('premium');
    expect(sub.subscription).toMatchObject({ plan: 'premium', billingPeriod: 'monthly', status: 'active', cancelAtPeriodEnd: false });
    expect((await t.deps.uow.repos.users.findById(u.user.id))?.tier).toBe('premium');
    const status = (await call(u, 'GET', '/api/subscriptions/status')).json();
    expect(status).toMatchObject({ tier: 'premium', permissions: { premiumCharacters: true, dailyFreeMessages: 500 } });
    expect((await call(u, 'POST', '/api/payments/subscribe', { planId: 'ultimate', paymentMethodId: 'pm_card_visa' })).statusCode).toBe(
      409,
    );

    const before = (await call(u, 'GET', '/api/coins/info')).json();
    expect(before.monthly).toMatchObject({ amount: 300, canClaim: true, claimedAt: null });
    const [a, b] = await Promise.all([call(u, 'POST', '/api/coins/claim-monthly'), call(u, 'POST', '/api/coins/claim-monthly')]);
    expect([a.json().claimed, b.json().claimed].sort()).toEqual([false, true]);
    const third = (await call(u, 'POST', '/api/coins/claim-monthly')).json();
    expect(third).toMatchObject({ claimed: false, coins: 0, balance: 300, message: "You have already claimed this month's coins." });
    const info = (await call(u, 'GET', '/api/coins/info')).json();
    expect(info.balance).toBe(300);
    expect(info.monthly.canClaim).toBe(false);
    expect(new Date(info.monthly.nextClaimAt).getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    expect(info.movements.filter((m: { reason: string }) => m.reason === 'monthly_coins')).toHaveLength(1);
  });

  it('upgrade: prorated charge now, the monthly-coin difference once, client coinsToAward ignored; downgrade waits for period end', async () => {
    const u = await buildUser(t);
    await subscribe(u, 'premium');
    await call(u, 'POST', '/api/coins/claim-monthly');
    const up = await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'monthly', coinsToAward: 99999 });
    expect(up.statusCode).toBe(200);
    const body = up.json();
    expect(body).toMatchObject({ status: 'succeeded', tier: 'ultimate', effective: 'now', coinsAwarded: 700 });
    // Almost the whole period is unused: close to the full difference of 24.99 - 9.99.
    expect(body.prorationCents).toBeGreaterThan(1450);
    expect(body.prorationCents).toBeLessThanOrEqual(1500);
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(1000);
    const invoices = (await call(u, 'GET', '/api/payments/invoices')).json().invoices;
    expect(invoices.map((i: { kind: string }) => i.kind).sort()).toEqual(['proration', 'subscription']);
    expect(invoices.find((i: { kind: string }) => i.kind === 'proration').amountCents).toBe(body.prorationCents);

    const same = await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'monthly' });
    expect(same.statusCode).toBe(409);
    const down = (await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'premium', billingPeriod: 'monthly' })).json();
    expect(down).toMatchObject({ effective: 'period_end', tier: 'ultimate', prorationCents: 0, coinsAwarded: 0 });
    expect(down.subscription.scheduledChange).toEqual({ plan: 'premium', billingPeriod: 'monthly' });
  });

  it('monthly → yearly starts a yearly period now, crediting the unused month', async () => {
    const u = await buildUser(t);
    await subscribe(u, 'premium', 'monthly');
    const r = (await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'premium', billingPeriod: 'yearly' })).json();
    expect(r).toMatchObject({ effective: 'now', tier: 'premium', subscription: { billingPeriod: 'yearly' } });
    expect(r.prorationCents).toBeGreaterThan(9590 - 999 - 5);
    expect(r.prorationCents).toBeLessThanOrEqual(9590 - 999 + 40);
    const end = new Date(r.subscription.currentPeriodEnd).getTime();
    expect(end - Date.now()).toBeGreaterThan(360 * DAY_MS);
  });

  it('a free user upgrading is sent to checkout (or charged with a test card)', async () => {
    const u = await buildUser(t);
    const r = (await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'premium', billingPeriod: 'yearly' })).json();
    expect(r).toMatchObject({ status: 'checkout', tier: 'free', coinsAwarded: 0 });
    expect(r.checkoutUrl).toBe(`/sandbox/checkout/${r.checkoutSessionId}`);
    const session = (await call(u, 'GET', `/api/payments/sandbox/checkout/${r.checkoutSessionId}`)).json();
    expect(session).toMatchObject({ kind: 'subscription', plan: 'premium', billingPeriod: 'yearly', amountCents: 9590, status: 'open' });
    await call(u, 'POST', `/api/payments/sandbox/checkout/${r.checkoutSessionId}/confirm`, { paymentMethodId: 'pm_card_visa' });
    const status = (await call(u, 'GET', `/api/payments/status?sessionId=${r.checkoutSessionId}`)).json();
    expect(status).toMatchObject({ tier: 'premium', checkout: { fulfilled: true }, subscription: { billingPeriod: 'yearly' } });
  });

  it('cancel at period end keeps the plan until the clock passes the end; renewals charge and reopen the claim', async () => {
    const clock = t.modules.billing.services.clock;
    const renewing = await buildUser(t);
    const leaving = await buildUser(t);
    await subscribe(renewing);
    await subscribe(leaving);
    await call(renewing, 'POST', '/api/coins/claim-monthly');

    const other = await buildUser(t);
    const sid = (await call(leaving, 'GET', '/api/subscriptions/status')).json().subscription.id;
    expect((await call(other, 'POST', '/api/subscriptions/cancel', { subscriptionId: sid })).statusCode).toBe(404);
    const cancel = (await call(leaving, 'POST', '/api/subscriptions/cancel', { subscriptionId: sid })).json();
    expect(cancel).toMatchObject({ success: true, tier: 'premium', subscription: { cancelAtPeriodEnd: true } });
    expect(cancel.message).toMatch(/^Your Premium membership ends on \d+ \w+ \d{4}\. You keep its benefits until then\.$/);
    expect((await call(leaving, 'GET', '/api/coins/info')).json().monthly.nextClaimAt).toBeNull();

    clock.advance(32 * DAY_MS);
    try {
      const summary = await sandbox().runDue();
      expect(summary.renewed).toBeGreaterThanOrEqual(1);
      expect(summary.ended).toBeGreaterThanOrEqual(1);
      const gone = (await call(leaving, 'GET', '/api/subscriptions/status')).json();
      expect(gone).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });
      expect(gone.subscription.endedAt).toBe(cancel.subscription.currentPeriodEnd);
      expect((await t.deps.uow.repos.users.findById(leaving.user.id))?.tier).toBe('free');

      const kept = (await call(renewing, 'GET', '/api/subscriptions/status')).json();
      expect(kept.tier).toBe('premium');
      expect(new Date(kept.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(clock.now().getTime());
      const invoices = (await call(renewing, 'GET', '/api/payments/invoices')).json().invoices;
      expect(invoices[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountCents: 999 });
      const claim = (await call(renewing, 'POST', '/api/coins/claim-monthly')).json();
      expect(claim).toMatchObject({ claimed: true, balance: 600 });
    } finally {
      clock.advance(-32 * DAY_MS);
    }
  });

  it('a card that declines renewals: past due (plan kept during the retry window), then ended', async () => {
    const clock = t.modules.billing.services.clock;
    const u = await buildUser(t);
    const r = await call(u, 'POST', '/api/payments/subscribe', { planId: 'premium', paymentMethodId: 'pm_card_chargeCustomerFail' });
    expect(r.json().status).toBe('succeeded');
    clock.advance(32 * DAY_MS);
    try {
      await sandbox().runDue();
      expect((await call(u, 'GET', '/api/subscriptions/status')).json()).toMatchObject({
        tier: 'premium',
        subscription: { status: 'past_due' },
      });
      expect((await call(u, 'POST', '/api/subscriptions/upgrade', { plan: 'ultimate', billingPeriod: 'monthly' })).statusCode).toBe(409);
      clock.advance(4 * DAY_MS);
      await sandbox().runDue();
      expect((await call(u, 'GET', '/api/subscriptions/status')).json()).toMatchObject({
        tier: 'free',
        subscription: { status: 'canceled' },
      });
    } finally {
      clock.advance(-36 * DAY_MS);
    }
  });

  it('resume undoes a cancellation at period end; the sandbox create-checkout endpoint opens sessions', async () => {
    const u = await buildUser(t);
    await subscribe(u);
    await call(u, 'POST', '/api/subscriptions/cancel', {});
    const resumed = await call(u, 'POST', '/api/subscriptions/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ success: true, tier: 'premium', subscription: { cancelAtPeriodEnd: false, canceledAt: null } });
    expect(resumed.json().message).toMatch(/^Your Premium membership will renew on /);
    const created = await call(u, 'POST', '/api/payments/sandbox/checkout', { kind: 'coin_pack', packId: 'pack_2500' });
    expect(created.statusCode).toBe(201);
    const session = (await call(u, 'GET', `/api/payments/sandbox/checkout/${created.json().checkoutSessionId}`)).json();
    expect(session).toMatchObject({ kind: 'coin_pack', coins: 3100, amountCents: 3999, status: 'open', testMode: true });
    const again = await call(u, 'POST', '/api/payments/sandbox/checkout', { kind: 'subscription', plan: 'ultimate' });
    expect(again.statusCode).toBe(409);
  });

  it('cancel immediately ends now; nothing to cancel is 404; a second cancel is 409', async () => {
    const u = await buildUser(t);
    expect((await call(u, 'POST', '/api/subscriptions/cancel', {})).statusCode).toBe(404);
    await subscribe(u, 'ultimate');
    const r = (await call(u, 'POST', '/api/subscriptions/cancel', { immediately: true })).json();
    expect(r).toMatchObject({ tier: 'free', message: 'Your Ultimate membership has ended.', subscription: { status: 'canceled' } });
    expect((await call(u, 'POST', '/api/subscriptions/cancel', {})).statusCode).toBe(409);
  });

  it('update-tier never takes the tier from the client: it answers the tier the provider says', async () => {
    const u = await buildUser(t);
    const r = (await call(u, 'POST', '/api/users/update-tier', { tier: 'ultimate' })).json();
    expect(r).toMatchObject({ success: false, tier: 'free' });
    expect((await t.deps.uow.repos.users.findById(u.user.id))?.tier).toBe('free');
    await subscribe(u, 'premium');
    // Someone edits the stored tier behind our back; update-tier puts the provider's answer back.
    await t.deps.uow.repos.payments.setUserTier(u.user.id, 'free');
    const synced = (await call(u, 'POST', '/api/users/update-tier', { tier: 'premium' })).json();
    expect(synced).toMatchObject({ success: true, tier: 'premium', permissions: { premiumCharacters: true } });
    expect((await t.deps.uow.repos.users.findById(u.user.id))?.tier).toBe('premium');
    expect((await call(u, 'POST', '/api/users/update-tier', { tier: 'gold' })).statusCode).toBe(400);
  });

  it('payment method: a declining card is refused, a good one replaces the saved card; portal is the manage page', async () => {
    const u = await buildUser(t);
    expect((await call(u, 'POST', '/api/payments/update-payment-method', { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(409);
    await subscribe(u);
    const declined = await call(u, 'POST', '/api/payments/update-payment-method', { paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    const ok = (
      await call(u, 'POST', '/api/payments/update-payment-method', {
        cardNumber: '5555555555554444',
        expMonth: 3,
        expYear: 2099,
        cvc: '123',
      })
    ).json();
    expect(ok).toMatchObject({ success: true, paymentMethod: { brand: 'mastercard', last4: '4444' }, url: null });
    expect((await call(u, 'GET', '/api/payments/status')).json().paymentMethod).toMatchObject({ last4: '4444' });
    expect((await call(u, 'POST', '/api/payments/portal-session', {})).json()).toEqual({ url: '/subscription/manage' });
    const resume = await call(u, 'POST', '/api/subscriptions/resume');
    expect(resume.statusCode).toBe(409);
  });
});

describe('exactly-once fulfilment', () => {
  async function eventsOf(userId: string): Promise<PaymentEvent[]> {
    const all = await t.deps.uow.repos.sandbox.listByType<PaymentEvent & { seq?: number }>('event');
    const mine: PaymentEvent[] = [];
    for (const { seq: _s, ...e } of all) {
      const ref =
        'checkoutSessionId' in e ? e.checkoutSessionId : 'invoiceId' in e ? e.invoiceId : 'subscriptionId' in e ? e.subscriptionId : '';
      const owner =
        (await t.deps.uow.repos.sandbox.get<{ userId: string }>(ref, 'checkout_session')) ??
        (await t.deps.uow.repos.sandbox.get<{ userId: string }>(ref, 'invoice')) ??
        (await t.deps.uow.repos.sandbox.get<{ userId: string }>(ref, 'subscription'));
      if (owner?.userId === userId) mine.push(e as PaymentEvent);
    }
    return mine;
  }

  it('replayed, reversed and concurrent redeliveries (and the same payment under new event ids) credit once', async () => {
    const u = await buildUser(t);
    await buyPack(u, 'pack_1200');
    await subscribe(u);
    const fulfilment = t.modules.billing.services.fulfilment;
    const events = await eventsOf(u.user.id);
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const e of events) expect(await fulfilment.handle(e)).toEqual({ duplicate: true });
    for (const e of [...events].reverse()) await fulfilment.handle(e);
    const results = await Promise.all(events.flatMap((e) => [fulfilment.handle(e), fulfilment.handle(e)]));
    expect(results.every((r) => r.duplicate)).toBe(true);
    // Same payments reported again under new event ids (as Stripe's checkout + async events can): still once.
    await Promise.all(events.map((e, i) => fulfilment.handle({ ...e, id: `${e.id}_again_${i}` })));
    const info = (await call(u, 'GET', '/api/coins/info')).json();
    expect(info.balance).toBe(1400);
    expect(info.movements).toHaveLength(1);
    expect((await call(u, 'GET', '/api/payments/invoices')).json().invoices).toHaveLength(2);
    expect((await call(u, 'GET', '/api/subscriptions/status')).json().tier).toBe('premium');
  });

  it('a delivery that fails after its effects committed is redelivered and does nothing the second time', async () => {
    const u = await buildUser(t);
    const fulfilment = t.modules.billing.services.fulfilment;
    let crashes = 1;
    sandbox().onEvent(async (e) => {
      await fulfilment.handle(e);
      if (crashes-- > 0) throw new Error('crash after commit');
    });
    try {
      const { confirm } = await buyPack(u, 'pack_100');
      expect(confirm.json().fulfilled).toBe(true);
      expect(await t.deps.uow.repos.sandbox.pendingEvents(10)).toHaveLength(1);
      expect(await sandbox().deliverPending()).toEqual({ delivered: 1, failed: 0 });
      expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(100);
    } finally {
      sandbox().onEvent((e) => fulfilment.handle(e));
    }
  });

  it('refunds take back the refunded share once, in any order; coins already spent are not taken below zero', async () => {
    const u = await buildUser(t);
    const { id } = await buyPack(u, 'pack_1200'); // 1400 coins for 19.99
    const ref = (await sandbox().session(id, u.user.id)).paymentRef!;
    await sandbox().refund(ref, 1000); // about half
    const half = (await call(u, 'GET', '/api/coins/info')).json();
    expect(half.balance).toBe(1400 - Math.floor((1400 * 1000) / 1999));
    expect(half.movements[0]).toMatchObject({ reason: 'refund', label: 'Coin pack refunded' });
    await sandbox().refund(ref, 1000); // replayed
    await sandbox().refund(ref, 500); // older, smaller amount arriving late
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(half.balance);
    await t.modules.billing.services.ledger.debit({
      userId: u.user.id,
      amount: 600,
      reason: 'chat_message',
      idempotencyKey: `spend-${u.user.id}`,
    });
    await sandbox().refund(ref, 1999); // full refund: the rest (700 due) but only 100 are left
    expect((await call(u, 'GET', '/api/coins/info')).json().balance).toBe(0);
    const inv = (await call(u, 'GET', '/api/payments/invoices')).json().invoices[0];
    expect(inv.status).toBe('refunded');
  });
});
