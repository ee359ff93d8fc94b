import { queryOptions } from '@tanstack/react-query';
import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './query-keys';

/** GET /api/auth/me: the signed-in user's own record. */
export const getMe = () => apiRequest(api.auth.me);

/**
 * Fetched once per sign-in `generation` and never refetched automatically (SPEC §7): infinite stale time,
 * no retries (a failure without a cached user signs out).
 */
export function getMeQueryOptions(generation: number) {
  return queryOptions({
    queryKey: [...authKeys.me(), generation],
    queryFn: getMe,
    staleTime: Infinity,
    retry: false,
  });
}
