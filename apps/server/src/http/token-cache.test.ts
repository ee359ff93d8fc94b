import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../modules/auth/access-tokens.ts';
import { jwtExpiry, VerifiedTokenCache } from './token-cache.ts';

const claims = { userId: '00000000-0000-4000-8000-000000000001', role: 'user' as const, sessionId: 's1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('verified token cache', () => {
  it('verifies a token once and answers repeats from memory until the token expires', async () => {
    const tokens = new AccessTokens(randomBytes(64));
    let calls = 0;
    const cache = new VerifiedTokenCache((t) => {
      calls++;
      return tokens.verify(t);
    });
    const now = Date.now();
    const token = await tokens.sign(claims, now);
    expect(await cache.get(token, now)).toEqual(claims);
    expect(await cache.get(token, now + 60_000)).toEqual(claims);
    expect(calls).toBe(1);
    // Past exp the entry is dropped and the real verification decides (here: expired → 401).
    const exp = jwtExpiry(token)!;
    expect(exp).toBe((Math.floor(now / 1000) + 15 * 60) * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp + 1_000);
    await expect(cache.get(token)).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });

  it('never remembers a failure: a forged or foreign token is checked every time', async () => {
    const tokens = new AccessTokens(randomBytes(64));
    const other = new AccessTokens(randomBytes(64));
    let calls = 0;
    const cache = new VerifiedTokenCache((t) => {
      calls++;
      return tokens.verify(t);
    });
    const foreign = await other.sign(claims);
    await expect(cache.get(foreign)).rejects.toMatchObject({ status: 401 });
    await expect(cache.get(foreign)).rejects.toMatchObject({ status: 401 });
    const [h, p] = (await tokens.sign(claims)).split('.');
    await expect(cache.get(`${h}.${p}.forged`)).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('stays bounded', async () => {
    const tokens = new AccessTokens(randomBytes(64));
    const cache = new VerifiedTokenCache((t) => tokens.verify(t), 3);
    for (let i = 0; i < 5; i++) await cache.get(await tokens.sign({ ...claims, sessionId: `s${i}` }));
    expect(cache.size).toBe(3);
  });
});
