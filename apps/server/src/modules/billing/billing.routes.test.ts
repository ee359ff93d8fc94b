// Idempotency-Key on the sandbox top-up: a key means one request, and only the Idempotency-Key header is a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const addCoins = (headers: Record<string, string>, amount: number) =>
  t.app.inject({ method: 'POST', url: '/api/auth/add-coins', headers, payload: { amount } });

describe('POST /api/auth/add-coins idempotency', () => {
  it('answers 409 when a key is reused with a different amount, and applies nothing', async () => {
    const u = await buildUser(t);
    expect((await addCoins({ ...u.auth, 'idempotency-key': 'order-1' }, 100)).json().coins).toBe(100);
    const reused = await addCoins({ ...u.auth, 'idempotency-key': 'order-1' }, 500);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This Idempotency-Key was already used for a different request. Send a new key for a new request.');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.auth })).json().coins).toBe(100);
  });

  it('refuses a key that is too long or has characters outside letters, digits and -_.:', async () => {
    const u = await buildUser(t);
    for (const key of ['k'.repeat(101), 'has space', 'tab\tkey', 'ünïcode']) {
      const res = await addCoins({ ...u.auth, 'idempotency-key': key }, 10);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, key).toMatch(/^idempotency-key: /);
    }
    expect((await addCoins({ ...u.auth, 'idempotency-key': 'k'.repeat(100) }, 10)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.auth })).json().coins).toBe(10);
  });

  it('does not treat X-Request-Id as a key', async () => {
    const u = await buildUser(t);
    await addCoins({ ...u.auth, 'x-request-id': 'client-request-0001' }, 10);
    const second = await addCoins({ ...u.auth, 'x-request-id': 'client-request-0001' }, 10);
    expect(second.json().coins).toBe(20);
  });
});
