import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys/auth';

/** GET /api/auth/config: Google client id, whether e-mail verification is required, sandbox coins. */
export const getAuthConfig = () => apiRequest(api.auth.config);

export const authConfigQueryOptions = queryOptions({
  queryKey: authKeys.config(),
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
