import type { User } from '@reverie/shared';
import { useSession } from './use-session';

/** The slice of the user record the shell needs (product.md §3 user). */
export type ShellUser = Pick<User, 'id' | 'username' | 'email' | 'avatarUrl' | 'coins'> & Partial<Pick<User, 'role'>>;

/** The signed-in user from the live session, or null for guests. */
export function useCurrentUser(): User | null {
  return useSession().user;
}
