import { queryOptions } from '@tanstack/react-query';
import type { User } from '@reverie/shared';
import { api } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/** GET /api/auth/me: the signed-in user's own record. */
export function getMe(): Promise<User> {
  return api.get<User>('/api/auth/me');
}

/**
 * Fetched once per sign-in `generation` and never refetched automatically (SPEC §7): infinite stale time,
 * no retries (a failure without a cached user signs out).
 */
export function getMeQueryOptions(generation: number) {
  return queryOptions({
    queryKey: [...meQueryKey, generation],
    queryFn: getMe,
    staleTime: Infinity,
    retry: false,
  });
}
