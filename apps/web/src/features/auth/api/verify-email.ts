import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys/auth';

export type VerifyEmailResult = EndpointResponse<typeof api.auth.verifyEmail>;

/** POST /api/auth/verify-email {token}. The token is single-use. */
export const verifyEmail = (token: string) => apiRequest(api.auth.verifyEmail, { body: { token } });

// One request per token for the life of the page: StrictMode's double effects and remounts share it,
// so the single-use token is never spent twice.
const inFlight = new Map<string, Promise<VerifyEmailResult>>();

export function verifyEmailOnce(token: string): Promise<VerifyEmailResult> {
  let promise = inFlight.get(token);
  if (!promise) {
    promise = verifyEmail(token);
    inFlight.set(token, promise);
  }
  return promise;
}

export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmailOnce(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
