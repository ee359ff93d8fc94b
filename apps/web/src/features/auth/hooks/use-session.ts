import { useSyncExternalStore } from 'react';
import type { User } from '@reverie/shared';
import { refreshSessionUser, signIn, signInWithGoogleCode, signOut, signUp } from './session-actions';
import { getSessionStatus, getSessionUser, subscribeSession, type SessionStatus } from './session-store';

export interface Session {
  user: User | null;
  status: SessionStatus;
  login: typeof signIn;
  register: typeof signUp;
  logout: typeof signOut;
  refreshUser: typeof refreshSessionUser;
  /** Completes Google sign-in with an authorization code (see useGoogleAuth for the popup). */
  googleSignIn: typeof signInWithGoogleCode;
}

const actions = {
  login: signIn,
  register: signUp,
  logout: signOut,
  refreshUser: refreshSessionUser,
  googleSignIn: signInWithGoogleCode,
};

/** The live session: re-renders on sign-in, sign-out and user updates (in this tab and others). */
export function useSession(): Session {
  const user = useSyncExternalStore(subscribeSession, getSessionUser, () => null);
  const status = useSyncExternalStore(subscribeSession, getSessionStatus, () => 'anonymous' as const);
  return { user, status, ...actions };
}
