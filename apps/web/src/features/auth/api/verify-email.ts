import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@reverie/shared';
import { api } from '@/lib/api-client';

export interface VerifyEmailResult {
  success: boolean;
  message: string;
  user: User;
}

/** POST /api/auth/verify-email {token}. The token is single-use. */
export function verifyEmail(token: string): Promise<VerifyEmailResult> {
  return api.post<VerifyEmailResult>('/api/auth/verify-email', { token });
}

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
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmailOnce(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
