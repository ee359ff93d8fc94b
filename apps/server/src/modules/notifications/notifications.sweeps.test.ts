// What runs on the timer and what payments announce: the daily digest mail (only for accounts that want mail, at
// most once a day, only notifications unread for an hour), "monthly coins ready" once per membership month,
// payment and membership notifications from the sandbox processor, and retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { DIGEST_GAP_MS, KEEP_READ_MS } from './notifications.sweeps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const notes = () => t.modules.notifications.services.notifications;
const sweeps = () => t.modules.notifications.services.sweeps;
const mailTo = (u: BuiltUser) => t.deps.uow.repos.mailOutbox.latestTo(u.user.email);
async function list(u: BuiltUser): Promise<NotificationsPage> {
  return (await t.app.inject({ url: '/api/notifications', headers: u.auth })).json();
}

describe('daily digest by mail', () => {
  it('mails unread notifications to accounts with e-mail notifications on, at most once a day', async () => {
    const u = await buildUser(t);
    const before = await mailTo(u); // the verification mail
    await notes().notify(u.user.id, { kind: 'monthly_coins', data: { coins: 300 }, link: '/coins' });
    await notes().notify(u.user.id, { kind: 'follower', data: { followerName: 'mira' }, link: '/creators/x' });

    // Not yet: they may still be read on the site.
    expect(await sweeps().sendDigests(new Date())).toBe(0);
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await sweeps().sendDigests(later)).toBeGreaterThanOrEqual(1);
    const mail = (await mailTo(u))!;
    expect(mail.id).not.toBe(before?.id);
    expect(mail.subject).toBe('Reverie: 2 unread notifications');
    expect(mail.text).toContain('mira started following you');
    expect(mail.text).toContain(`${t.config.publicUrl}/coins`);

    // A new notification the same day waits for tomorrow's digest.
    await notes().notify(u.user.id, { kind: 'monthly_coins', data: { coins: 1 }, link: '/coins' });
    await sweeps().sendDigests(new Date(later.getTime() + 2 * HOUR));
    expect((await mailTo(u))!.id).toBe(mail.id);
    await sweeps().sendDigests(new Date(later.getTime() + DIGEST_GAP_MS + HOUR));
    const next = (await mailTo(u))!;
    expect(next.id).not.toBe(mail.id);
    expect(next.subject).toBe('Reverie: 1 unread notification');
  });

  it('sends nothing to accounts that turned e-mail notifications off, or for notifications already read', async () => {
    const off = await buildUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${off.user.id}/settings`,
      headers: off.auth,
      payload: { emailNotifications: false },
    });
    expect(res.statusCode).toBe(200);
    const reader = await buildUser(t);
    const verification = { off: (await mailTo(off))!.id, reader: (await mailTo(reader))!.id };
    await notes().notify(off.user.id, { kind: 'monthly_coins', data: { coins: 5 } });
    await notes().notify(reader.user.id, { kind: 'monthly_coins', data: { coins: 5 } });
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: reader.auth });
    await sweeps().sendDigests(new Date(Date.now() + 2 * HOUR));
    expect((await mailTo(off))!.id).toBe(verification.off);
    expect((await mailTo(reader))!.id).toBe(verification.reader);
  });
});

describe('monthly coins ready', () => {
  it('is announced once per membership month, and not after the coins were claimed', async () => {
    const u = await buildUser(t);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: u.auth,
      payload: { planId: 'premium', billingPeriod: 'monthly', paymentMethodId: 'pm_card_visa' },
    });
    expect(sub.statusCode).toBe(200);
    await t.deps.background.drain();
    await t.deps.background.drain();
    const titles = (await list(u)).items.map((n) => n.title);
    expect(titles).toContain('Your Premium membership is active');
    expect(titles).toContain('Your 300 coins for this month are ready');
    // The hourly sweep does not repeat it.
    await sweeps().announceMonthlyCoins(new Date(), [u.user.id]);
    expect((await list(u)).items.filter((n) => n.kind === 'monthly_coins')).toHaveLength(1);
    // Claiming marks it done: read, and it no longer asks to be claimed.
    const unreadBefore = (await list(u)).unreadCount;
    expect((await t.app.inject({ method: 'POST', url: '/api/coins/claim-monthly', headers: u.auth })).statusCode).toBe(200);
    const after = await list(u);
    const monthly = after.items.filter((n) => n.kind === 'monthly_coins');
    expect(monthly).toHaveLength(1);
    expect(monthly[0]!.title).toBe('You claimed your 300 coins for this month');
    expect(monthly[0]!.read).toBe(true);
    expect(after.unreadCount).toBe(unreadBefore - 1);

    const other = await buildUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscribe',
      headers: other.auth,
      payload: { planId: 'premium', billingPeriod: 'monthly', paymentMethodId: 'pm_card_visa' },
    });
    await t.deps.background.drain();
    await t.app.inject({ method: 'POST', url: '/api/coins/claim-monthly', headers: other.auth });
    expect(await t.modules.billing.services.coins.monthlyReady(other.user.id)).toBeNull();
  });

  it('announces a paid coin pack', async () => {
    const u = await buildUser(t);
    const start = await t.app.inject({ method: 'POST', url: '/api/coins/checkout', headers: u.auth, payload: { packId: 'pack_500' } });
    expect(start.statusCode).toBe(200);
    const { checkoutSessionId } = start.json();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/checkout/${checkoutSessionId}/confirm`,
      headers: u.auth,
      payload: { paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);
    await t.deps.background.drain();
    expect((await list(u)).items.map((n) => n.title)).toContain('550 coins added to your balance');
  });
});

describe('retention', () => {
  it('removes read and deleted notifications after 90 days and keeps unread ones', async () => {
    const u = await buildUser(t);
    const keep = (await notes().notify(u.user.id, { kind: 'monthly_coins', data: { coins: 1 } }))!;
    const old = (await notes().notify(u.user.id, { kind: 'monthly_coins', data: { coins: 2 } }))!;
    await t.app.inject({ method: 'PUT', url: `/api/notifications/${old.id}/read`, headers: u.auth });
    const r = await sweeps().run(new Date(Date.now() + KEEP_READ_MS + HOUR));
    expect(r.purged).toBeGreaterThanOrEqual(1);
    expect((await list(u)).items.map((n) => n.id)).toEqual([keep.id]);
  });
});
