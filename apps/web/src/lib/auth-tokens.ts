// Stored session (product.md §3): access token, refresh token and user record in localStorage, with a change
// signal so React re-renders when they change (this tab via listeners, other tabs via 'storage').
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, readString, removeKeys, writeJson, writeString } from './storage-keys';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return readString(STORAGE_KEYS.accessToken) || null;
}

export function getRefreshToken(): string | null {
  return readString(STORAGE_KEYS.refreshToken) || null;
}

export function setTokens({ accessToken, refreshToken }: SessionTokens): void {
  writeString(STORAGE_KEYS.accessToken, accessToken);
  writeString(STORAGE_KEYS.refreshToken, refreshToken);
  emit();
}

export function getStoredUser<T>(): T | null {
  return readJson<T | null>(STORAGE_KEYS.user, null);
}

export function setStoredUser(user: unknown): void {
  writeJson(STORAGE_KEYS.user, user);
  emit();
}

/** Removes tokens and user (signed out). */
export function clearSession(): void {
  removeKeys(...SESSION_KEYS);
  emit();
}

/** Calls `listener` whenever tokens or the stored user change, here or in another tab. Returns unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current access token, re-rendering when the session changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeSession, getAccessToken, () => null);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The JWT payload, or null when the token is not a readable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token's `exp` (seconds) has passed at `now` (ms), or when `exp` cannot be read (product.md §4).
 * `skewMs` treats tokens that expire within that margin as already expired (the API client uses 30 s so a
 * token cannot expire between the check and the server's verification).
 */
export function isTokenExpired(token: string, now: number = Date.now(), skewMs = 0): boolean {
  const exp = decodeJwtPayload(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 <= now + skewMs;
}
