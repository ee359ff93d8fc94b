import { useSyncExternalStore } from 'react';
import type { User } from '@reverie/shared';
import { refreshSessionUser, signOut } from '../lib/session-actions';
import { getSessionStatus, getSessionUser, subscribeSession, type SessionStatus } from '../lib/session-store';

export interface Session {
  user: User | null;
  status: SessionStatus;
  logout: typeof signOut;
  refreshUser: typeof refreshSessionUser;
}

const actions = { logout: signOut, refreshUser: refreshSessionUser };

/** The live session: re-renders on sign-in, sign-out and user updates (in this tab and others). */
export function useSession(): Session {
  const user = useSyncExternalStore(subscribeSession, getSessionUser, () => null);
  const status = useSyncExternalStore(subscribeSession, getSessionStatus, () => 'anonymous' as const);
  return { user, status, ...actions };
}
