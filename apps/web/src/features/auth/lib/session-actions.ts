// Session transitions that are not a single mutation (product.md §4). Sign-in, sign-up and Google sign-in are the
// mutation hooks in ../api (their onSuccess establishes the session).
import type { User } from '@reverie/shared';
import { getRefreshToken } from '@/lib/auth-tokens';
import { logError } from '@/lib/request-queue';
import { CHARACTER_DRAFT_PREFIX, removeKeysWithPrefix } from '@/lib/storage-keys';
import { getMe } from '../api/get-me';
import { logout as logoutRequest } from '../api/logout';
import { endSession, updateSessionUser } from './session-store';

/**
 * Signed in → signed out. Local state goes first, so tokens are cleared even when the server call fails;
 * the server call (revoking the refresh token) then runs, and its failure is only logged (product.md §8).
 * Signing out on purpose also forgets unsaved character drafts, so nothing of the account stays in a shared browser.
 */
export async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  endSession();
  removeKeysWithPrefix(CHARACTER_DRAFT_PREFIX);
  try {
    await logoutRequest(refreshToken);
  } catch (error) {
    logError('Logout failed', error);
  }
}

/** Fetches GET /api/auth/me and stores it as the session user. */
export async function refreshSessionUser(): Promise<User> {
  const user = await getMe();
  updateSessionUser(user);
  return user;
}
