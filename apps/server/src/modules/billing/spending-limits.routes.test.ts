// Spending caps (issue #32): set, lower at once, raise after an hour, and the ledger refusing a debit that passes a
// cap — in its own transaction, so 50 parallel 1-coin debits against a cap of 10 let exactly 10 through.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpendingLimitsResponse } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { loadCatalog } from './catalog.ts';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  // No free chat messages and 1 coin a message, so every chat charge is a 1-coin spending debit.
  const catalog = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-caps-catalog-${process.pid}.json`);
  await writeFile(
    file,
    JSON.stringify({
      costs: { ...catalog.costs, chatMessage: 1 },
      plans: catalog.plans.map((p) => (p.id === 'free' ? { ...p, permissions: { ...p.permissions, dailyFreeMessages: 0 } } : p)),
    }),
  );
  t = await createTestApp({ BILLING_CATALOG_FILE: file });
}, 60_000);
afterAll(() => t.close());

const HOUR = 3_600_000;
const getLimits = async (u: BuiltUser) =>
  (await t.app.inject({ url: '/api/coins/limits', headers: u.auth })).json() as SpendingLimitsResponse;
const setLimits = (u: BuiltUser, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/coins/limits',
    headers: u.auth,
    payload: { daily: null, monthly: null, confirmAbove: null, ...body },
  });
/** One paid chat message's charge, as the chat route takes it (allowance, then coins through the ledger). */
const chatCharge = (u: BuiltUser) => t.modules.billing.services.entitlements.consumeChatAllowanceOrCharge(u.user.id, `msg-${++n}`);
const balance = (u: BuiltUser) => t.modules.billing.services.ledger.balance(u.user.id);

describe('spending limits settings', () => {
  it('starts with no caps, saves them, and refuses bad values with a sentence', async () => {
    const u = await buildUser(t);
    const fresh = await getLimits(u);
    expect(fresh).toMatchObject({
      daily: { cap: null, spent: 0, pending: null },
      monthly: { cap: null, pending: null },
      confirmAbove: null,
    });
    expect(fresh.raiseDelayMinutes).toBe(60);
    // Setting a cap where there was none is lowering: at once.
    const set = await setLimits(u, { daily: 20, monthly: 300, confirmAbove: 5 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ daily: { cap: 20, pending: null }, monthly: { cap: 300, pending: null }, confirmAbove: 5 });
    for (const bad of [{ daily: 0 }, { daily: 1.5 }, { monthly: 1_000_001 }, { confirmAbove: -1 }, { daily: '10' }]) {
      const res = await setLimits(u, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    }
    expect((await t.app.inject({ url: '/api/coins/limits' })).statusCode).toBe(401);
    // Each user sees only their own limits.
    expect((await getLimits(await buildUser(t))).daily.cap).toBeNull();
  });

  it('lowers at once, raises (or removes) only after an hour, and saving the current cap cancels a raise', async () => {
    const u = await buildUser(t);
    const clock = t.modules.billing.services.clock;
    await setLimits(u, { daily: 50 });
    expect((await setLimits(u, { daily: 10 })).json().daily).toMatchObject({ cap: 10, pending: null });

    const before = Date.now();
    const raised = (await setLimits(u, { daily: 40 })).json() as SpendingLimitsResponse;
    expect(raised.daily.cap).toBe(10);
    expect(raised.daily.pending?.cap).toBe(40);
    const from = Date.parse(raised.daily.pending!.from);
    expect(from - before).toBeGreaterThanOrEqual(HOUR - 5_000);
    expect(from - before).toBeLessThanOrEqual(HOUR + 60_000);
    // Saving the same raise again keeps its time.
    expect((await setLimits(u, { daily: 40 })).json().daily.pending.from).toBe(raised.daily.pending!.from);

    clock.advance(30 * 60_000);
    expect((await getLimits(u)).daily).toMatchObject({ cap: 10, pending: { cap: 40 } });
    clock.advance(31 * 60_000);
    expect((await getLimits(u)).daily).toMatchObject({ cap: 40, pending: null });

    // Removing a cap is a raise too; asking for the current cap again cancels it.
    expect((await setLimits(u, { daily: null })).json().daily).toMatchObject({ cap: 40, pending: { cap: null } });
    expect((await setLimits(u, { daily: 40 })).json().daily).toMatchObject({ cap: 40, pending: null });
    clock.advance(-61 * 60_000);
  });
});

describe('caps enforced by the ledger', () => {
  it('refuses a debit over the daily cap with 402 SPENDING_CAP (also on the chat route), and a refund gives room back', async () => {
    const u = await buildUser(t, { coins: 100 });
    await setLimits(u, { daily: 3 });
    for (let i = 0; i < 3; i++) expect((await chatCharge(u)).outcome).toBe('coins');
    await expect(chatCharge(u)).rejects.toMatchObject({ status: 402, code: 'SPENDING_CAP', details: { cap: 3, spent: 3, period: 'day' } });
    expect(await balance(u)).toBe(97);
    expect((await getLimits(u)).daily.spent).toBe(3);

    // The chat route answers the same refusal before any generation, with the way out in words.
    const owner = await buildUser(t);
    const c = await buildCharacter(t, owner);
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${c.id}/message`, headers: u.auth, payload: { content: 'hi' } });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'SPENDING_CAP', details: { cap: 3, spent: 3, period: 'day' } });
    expect(res.json().message).toBe(
      'This costs 1 coin, which would pass your daily spending limit of 3 (0 coins left today). You can raise it in Settings → Spending limits.',
    );

    // A failed generation's refund (the third charge, msg-${n - 1}; msg-${n} was refused) gives its room back.
    await t.modules.billing.services.entitlements.release(u.user.id, 'chat', `msg-${n - 1}`);
    expect((await getLimits(u)).daily.spent).toBe(2);
    expect((await chatCharge(u)).outcome).toBe('coins');

    // Purchases and other credits do not count as spending, nor do they lift the cap.
    await t.modules.billing.services.billing.addSandboxCoins(u.user.id, 50, `top-up-${n}`);
    await expect(chatCharge(u)).rejects.toMatchObject({ code: 'SPENDING_CAP' });
  });

  it('counts the calendar month for the monthly cap, across days', async () => {
    const u = await buildUser(t, { coins: 100 });
    const clock = t.modules.billing.services.clock;
    // The 10th of a month, 12:00 UTC, so a day later is still the same month.
    const now = new Date();
    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 10, 12)));
    try {
      await setLimits(u, { daily: 2, monthly: 3 });
      await chatCharge(u);
      await chatCharge(u);
      await expect(chatCharge(u)).rejects.toMatchObject({ details: { period: 'day', cap: 2, spent: 2 } });
      clock.advance(24 * HOUR);
      expect((await getLimits(u)).daily.spent).toBe(0);
      expect((await getLimits(u)).monthly.spent).toBe(2);
      await chatCharge(u);
      await expect(chatCharge(u)).rejects.toMatchObject({ status: 402, details: { period: 'month', cap: 3, spent: 3 } });
      // Next month the count starts again.
      clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 12)));
      expect((await chatCharge(u)).outcome).toBe('coins');
      expect(await balance(u)).toBe(96);
    } finally {
      clock.set(new Date());
    }
  });

  it('lets exactly 10 of 50 parallel 1-coin debits through a cap of 10', async () => {
    const u = await buildUser(t, { coins: 100 });
    await setLimits(u, { daily: 10 });
    const ledger = t.modules.billing.services.ledger;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.debit({ userId: u.user.id, amount: 1, reason: 'chat_message', idempotencyKey: `par-${u.user.id}-${i}` }),
      ),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 402, code: 'SPENDING_CAP' });
    expect(await balance(u)).toBe(90);
    expect((await getLimits(u)).daily.spent).toBe(10);
  }, 60_000);
});
