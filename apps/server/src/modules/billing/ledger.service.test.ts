import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../../test/factories.ts';
import { InsufficientCoinsError } from './ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('coin ledger', () => {
  it('50 parallel debits against a balance that covers 7: exactly 7 succeed, the rest get 402', async () => {
    const u = await buildUser(t, { coins: 70 });
    const ledger = t.modules.billing.services.ledger;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.debit({ userId: u.user.id, amount: 10, reason: 'test_spend', idempotencyKey: `spend-${u.user.id}-${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(7);
    expect(refused).toHaveLength(43);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(InsufficientCoinsError);
      expect(r.reason.status).toBe(402);
      expect(r.reason.details).toEqual({ cost: 10, balance: expect.any(Number) });
    }
    expect(await ledger.balance(u.user.id)).toBe(0);
    const rows = await ledger.history(u.user.id, 100);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(rows.filter((r) => r.delta < 0)).toHaveLength(7);
    expect(Math.min(...rows.map((r) => r.balanceAfter))).toBe(0);
  });

  it('applies an idempotency key once and rejects non-positive amounts', async () => {
    const u = await buildUser(t);
    const ledger = t.modules.billing.services.ledger;
    const a = await ledger.credit({ userId: u.user.id, amount: 5, reason: 'bonus', idempotencyKey: `k-${u.user.id}` });
    const b = await ledger.credit({ userId: u.user.id, amount: 5, reason: 'bonus', idempotencyKey: `k-${u.user.id}` });
    expect(a).toEqual({ balance: 5, applied: true });
    expect(b).toEqual({ balance: 5, applied: false });
    await expect(ledger.debit({ userId: u.user.id, amount: 0, reason: 'x', idempotencyKey: 'zero' })).rejects.toThrow(
      /positive whole numbers/,
    );
    await expect(ledger.debit({ userId: u.user.id, amount: 1.5, reason: 'x', idempotencyKey: 'frac' })).rejects.toThrow(
      /positive whole numbers/,
    );
    await expect(ledger.debit({ userId: u.user.id, amount: 6, reason: 'x', idempotencyKey: 'too-much' })).rejects.toThrow(
      'Not enough coins: this costs 6 and your balance is 5.',
    );
    expect(await ledger.balance(u.user.id)).toBe(5);
  });
});
