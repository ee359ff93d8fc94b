// The browser session (product.md §3, §4) on top of lib/auth-tokens: who is signed in, and the transitions
// signed out → signed in (login, register, Google) and signed in → signed out (logout).
// React reads it through useSession(); everything here also works outside React (tests, api helpers).
import type { AuthResponse, User } from '@reverie/shared';
import { clearSession, getAccessToken, getRefreshToken, setStoredUser, setTokens, subscribeSession } from '@/lib/auth-tokens';
import { queryClient } from '@/lib/query-client';
import { STORAGE_KEYS, readString } from '@/lib/storage-keys';
import { usersKeys } from '@/lib/query-keys/users';
import { forgetOfflineReads, forgetPushSubscription } from '@/lib/pwa';

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

/** The stored user record (stable between changes, as useSyncExternalStore requires), or null. */
export function getSessionUser(): User | null {
  const raw = readString(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUser(raw);
  }
  return cachedUser;
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && 'id' in value ? (value as User) : null;
  } catch {
    return null;
  }
}

export function hasSessionTokens(): boolean {
  return Boolean(getAccessToken() || getRefreshToken());
}

/** authenticated: a user record is stored; loading: tokens but no user yet (profile being fetched). */
export function getSessionStatus(): SessionStatus {
  if (getSessionUser()) return 'authenticated';
  return hasSessionTokens() ? 'loading' : 'anonymous';
}

// Each sign-in starts a new "generation": the profile query is keyed by it, so it runs exactly once per
// sign-in (and once per page load) and is never refetched automatically (product.md §7 handling of answers).
let generation = 0;
const generationListeners = new Set<() => void>();

export function getSessionGeneration(): number {
  return generation;
}

export function subscribeGeneration(listener: () => void): () => void {
  generationListeners.add(listener);
  return () => {
    generationListeners.delete(listener);
  };
}

function nextGeneration(): void {
  generation += 1;
  for (const listener of generationListeners) listener();
}

/** Stores tokens and user from an auth response (login, register, Google); the profile is then refreshed once. */
export function establishSession(response: Pick<AuthResponse, 'accessToken' | 'refreshToken' | 'user'>): void {
  setTokens({ accessToken: response.accessToken, refreshToken: response.refreshToken });
  setStoredUser(response.user);
  nextGeneration();
}

/** Replaces the stored user record (after a profile, settings, avatar or coins update). */
export function updateSessionUser(user: User): void {
  setStoredUser(user);
}

/**
 * After a mutation that answers with the own user record: the session user is replaced and the cached public
 * profile of that user (name, avatar, bio) is invalidated.
 */
export function applyOwnUser(user: User): void {
  setStoredUser(user);
  void queryClient.invalidateQueries({ queryKey: usersKeys.detail(user.id) });
}

/** Signed out locally: tokens and user removed, every cached query dropped. */
export function endSession(): void {
  clearSession();
  queryClient.clear();
  void forgetOfflineReads();
  void forgetPushSubscription();
  nextGeneration();
}

export { subscribeSession };
