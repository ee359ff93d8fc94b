// Permissions and allowances are enforced on the server. Chat and images will call the entitlements service the
// way these scratch routes do: a premium-only read, and one message / one image per request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { authOf } from '../../plugins/authenticate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    const services = () => t.modules.billing.services.entitlements;
    app.get('/test/premium-character', { preHandler: app.requireAuth }, async (req) => {
      await services().requirePermission(authOf(req).userId, 'premiumCharacters');
      return { name: 'A premium character' };
    });
    app.post<{ Params: { kind: string; key: string } }>('/test/:kind/:key', { preHandler: app.requireAuth }, async (req) => {
      const { userId } = authOf(req);
      return req.params.kind === 'chat'
        ? services().consumeChatAllowanceOrCharge(userId, req.params.key)
        : services().consumeImageAllowanceOrCharge(userId, req.params.key);
    });
  });
});
afterAll(() => t.close());

const use = (u: BuiltUser, kind: 'chat' | 'image', key: string) =>
  t.app.inject({ method: 'POST', url: `/test/${kind}/${key}`, headers: u.auth });

async function premium(u: BuiltUser) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/payments/subscribe',
    headers: u.auth,
    payload: { planId: 'premium', paymentMethodId: 'pm_card_visa' },
  });
  expect(r.json().tier).toBe('premium');
}

describe('permissions', () => {
  it('premium characters: 403 MEMBERSHIP_REQUIRED on free, allowed once subscribed', async () => {
    const u = await buildUser(t);
    const denied = await t.app.inject({ method: 'GET', url: '/test/premium-character', headers: u.auth });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toEqual({
      code: 'MEMBERSHIP_REQUIRED',
      message: 'Premium characters need a Premium membership.',
      details: { permission: 'premiumCharacters', requiredTier: 'premium' },
    });
    await premium(u);
    const ok = await t.app.inject({ method: 'GET', url: '/test/premium-character', headers: u.auth });
    expect(ok.json()).toEqual({ name: 'A premium character' });
  });
});

describe('allowances', () => {
  it('free: 50 free chat messages a day, then 1 coin each, then 402 with cost and balance', async () => {
    const u = await buildUser(t, { coins: 2 });
    const k = u.user.id.slice(0, 8);
    for (let i = 0; i < 50; i++) expect((await use(u, 'chat', `${k}-m${i}`)).json().outcome).toBe('free');
    const info = (await t.app.inject({ method: 'GET', url: '/api/coins/info', headers: u.auth })).json();
    expect(info.allowances.chatMessages).toMatchObject({ limit: 50, used: 50, remaining: 0 });
    expect(info.costs).toEqual({ chatMessage: 1, image: 5 });
    expect((await use(u, 'chat', `${k}-m50`)).json()).toMatchObject({ outcome: 'coins', cost: 1, balance: 1 });
    expect((await use(u, 'chat', `${k}-m51`)).json()).toMatchObject({ outcome: 'coins', cost: 1, balance: 0 });
    const refused = await use(u, 'chat', `${k}-m52`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'PAYMENT_REQUIRED', details: { cost: 1, balance: 0 } });
    // A retried request with the same key is the same message: no second charge, same answer.
    expect((await use(u, 'chat', `${k}-m51`)).json()).toMatchObject({ outcome: 'coins', cost: 1, balance: 0 });
    // The refused message left nothing behind: with coins it goes through under the same key.
    await t.modules.billing.services.ledger.credit({ userId: u.user.id, amount: 1, reason: 'test', idempotencyKey: `top-${k}` });
    expect((await use(u, 'chat', `${k}-m52`)).json()).toMatchObject({ outcome: 'coins', balance: 0 });
  });

  it('60 concurrent messages with no coins: exactly 50 free, 10 refused', async () => {
    const u = await buildUser(t);
    const k = u.user.id.slice(0, 8);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => use(u, 'chat', `${k}-c${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(10);
  });

  it('one key sent many times at once is one use: every copy answers it, the allowance counts one', async () => {
    const u = await buildUser(t);
    const key = `${u.user.id.slice(0, 8)}-twin`;
    const results = await Promise.all(Array.from({ length: 8 }, () => use(u, 'chat', key)));
    for (const r of results) expect(r.json()).toMatchObject({ outcome: 'free', cost: 0, remaining: 49 });
    const info = (await t.app.inject({ method: 'GET', url: '/api/coins/info', headers: u.auth })).json();
    expect(info.allowances.chatMessages).toMatchObject({ used: 1, remaining: 49 });
  });

  it('images: the plan’s monthly free images, then the image cost; release gives a failed one back', async () => {
    const u = await buildUser(t, { coins: 5 });
    const k = u.user.id.slice(0, 8);
    for (let i = 0; i < 5; i++) expect((await use(u, 'image', `${k}-i${i}`)).json().outcome).toBe('free');
    expect((await use(u, 'image', `${k}-i5`)).json()).toMatchObject({ outcome: 'coins', cost: 5, balance: 0 });
    expect((await use(u, 'image', `${k}-i6`)).json().error.details).toEqual({ cost: 5, balance: 0 });
    const ent = t.modules.billing.services.entitlements;
    await ent.release(u.user.id, 'image', `${k}-i5`);
    await ent.release(u.user.id, 'image', `${k}-i5`);
    await ent.release(u.user.id, 'image', `${k}-i0`);
    const info = (await t.app.inject({ method: 'GET', url: '/api/coins/info', headers: u.auth })).json();
    expect(info.balance).toBe(5);
    expect(info.allowances.images).toMatchObject({ limit: 5, used: 4, remaining: 1 });
  });

  it('premium raises the allowances (500 messages a day, 50 images a month)', async () => {
    const u = await buildUser(t);
    await premium(u);
    const k = u.user.id.slice(0, 8);
    const r = (await use(u, 'chat', `${k}-p0`)).json();
    expect(r).toMatchObject({ outcome: 'free', remaining: 499, tier: 'premium' });
    const status = (await t.app.inject({ method: 'GET', url: '/api/subscriptions/status', headers: u.auth })).json();
    expect(status.allowances).toMatchObject({ chatMessages: { limit: 500, used: 1 }, images: { limit: 50, used: 0 } });
  });
});
