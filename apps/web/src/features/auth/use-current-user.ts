import { useState } from 'react';
import { getStoredUser } from '@/lib/auth-tokens';

/** The slice of the user record the shell needs (SPEC §3 user). */
export interface ShellUser {
  id: string;
  username: string;
  email: string;
  avatarUrl?: string | null;
  coins: number;
}

/**
 * The signed-in user as cached in browser storage, or null for guests.
 * The session feature will replace this with a live query; the shell only depends on this hook.
 */
export function useCurrentUser(): ShellUser | null {
  const [user] = useState(() => getStoredUser<ShellUser>() ?? null);
  return user;
}
