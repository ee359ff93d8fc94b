// Session transitions (SPEC §4). Plain functions so dialogs, pages and tests share one implementation.
import type { AuthResponse, User } from '@reverie/shared';
import { getRefreshToken } from '@/lib/auth-tokens';
import { logError } from '@/lib/request-queue';
import { getMe } from './get-me';
import { googleCallback } from './google-callback';
import { login as loginRequest, type LoginInput } from './login';
import { logout as logoutRequest } from './logout';
import { register as registerRequest, type RegisterInput } from './register';
import { endSession, establishSession, updateSessionUser } from './session-store';

export async function signIn(input: LoginInput): Promise<AuthResponse> {
  const response = await loginRequest(input);
  establishSession(response);
  return response;
}

export async function signUp(input: RegisterInput): Promise<AuthResponse> {
  const response = await registerRequest(input);
  establishSession(response);
  return response;
}

/** Completes Google sign-in with the authorization code from the popup. `isNewUser` marks a new account. */
export async function signInWithGoogleCode(code: string): Promise<AuthResponse> {
  const response = await googleCallback(code);
  establishSession(response);
  return response;
}

/**
 * Signed in → signed out. Local state goes first, so tokens are cleared even when the server call fails;
 * the server call (revoking the refresh token) then runs, and its failure is only logged (SPEC §8).
 */
export async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  endSession();
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
