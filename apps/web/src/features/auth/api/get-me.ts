import { queryOptions } from '@tanstack/react-query';
import type { api, EndpointResponse } from '@reverie/shared';
import { httpRequest } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys/auth';

// Part of the first page load (the session starts there): called by path with the descriptor's types only, so
// the contract's schemas (and zod) stay out of the initial JavaScript (e2e/js-budget.e2e.ts). Same for logout.
/** GET /api/auth/me: the signed-in user's own record. */
export const getMe = () => httpRequest<EndpointResponse<typeof api.auth.me>>('/api/auth/me');

/**
 * Fetched once per sign-in `generation` and never refetched automatically (product.md §7): infinite stale time,
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
