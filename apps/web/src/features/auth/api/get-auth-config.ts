import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '@reverie/shared';
import { api } from '@/lib/api-client';

/** GET /api/auth/config: Google client id, whether e-mail verification is required, sandbox coins. */
export function getAuthConfig(): Promise<AuthConfigResponse> {
  return api.get<AuthConfigResponse>('/api/auth/config');
}

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
