import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  isTokenExpired,
  setStoredUser,
  setTokens,
  subscribeSession,
} from './auth-tokens';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
function makeJwt(payload: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.sig`;
}

describe('isTokenExpired', () => {
  const now = 1_700_000_000_000;
  it('is false while exp is in the future', () => {
    expect(isTokenExpired(makeJwt({ exp: now / 1000 + 60, name: 'Zoë ✨' }), now)).toBe(false);
  });
  it('is true once exp has passed (or equals now)', () => {
    expect(isTokenExpired(makeJwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: now / 1000 }), now)).toBe(true);
  });
  it('honours the skew margin', () => {
    const token = makeJwt({ exp: now / 1000 + 20 });
    expect(isTokenExpired(token, now)).toBe(false);
    expect(isTokenExpired(token, now, 30_000)).toBe(true);
  });
  it('is true for unreadable tokens', () => {
    expect(isTokenExpired('garbage', now)).toBe(true);
    expect(isTokenExpired('a.b.c', now)).toBe(true);
    expect(isTokenExpired(makeJwt({ sub: 'x' }), now)).toBe(true);
    expect(isTokenExpired(makeJwt({ exp: 'soon' }), now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
  });
});

describe('session storage', () => {
  it('stores and clears tokens and user, notifying subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    setStoredUser({ id: 'u1', username: 'neo' });
    expect(localStorage.getItem('rv_access_token')).toBe('a');
    expect(localStorage.getItem('rv_refresh_token')).toBe('r');
    expect(getAccessToken()).toBe('a');
    expect(getRefreshToken()).toBe('r');
    expect(getStoredUser<{ username: string }>()?.username).toBe('neo');
    clearSession();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    setTokens({ accessToken: 'b', refreshToken: 'r' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('reacts to other tabs via the storage event', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'rv_access_token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('returns null for a corrupt stored user', () => {
    localStorage.setItem('rv_user', '{not json');
    expect(getStoredUser()).toBeNull();
  });
});
