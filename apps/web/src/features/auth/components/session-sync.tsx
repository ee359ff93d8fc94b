import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { logError } from '@/lib/request-queue';
import { getMeQueryOptions } from '../api/get-me';
import {
  endSession,
  getSessionGeneration,
  getSessionUser,
  hasSessionTokens,
  subscribeGeneration,
  subscribeSession,
  updateSessionUser,
} from '../lib/session-store';

/**
 * Keeps the stored user in step with the server (product.md §4, §7): with tokens, GET /api/auth/me runs once per
 * page load and once after each sign-in, never again automatically. If it fails while no user is cached,
 * the visitor is signed out.
 */
export function SessionSync() {
  const signedIn = useSyncExternalStore(subscribeSession, hasSessionTokens, () => false);
  const generation = useSyncExternalStore(subscribeGeneration, getSessionGeneration, () => 0);
  const me = useQuery({ ...getMeQueryOptions(generation), enabled: signedIn });

  useEffect(() => {
    if (me.data && hasSessionTokens()) updateSessionUser(me.data);
  }, [me.data]);

  useEffect(() => {
    if (!me.error) return;
    logError('Could not load your profile', me.error);
    if (!getSessionUser()) endSession();
  }, [me.error]);

  return null;
}
