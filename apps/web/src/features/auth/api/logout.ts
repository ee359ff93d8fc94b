import type { api, EndpointResponse } from '@reverie/shared';
import { httpRequest } from '@/lib/api-client';

/**
 * POST /api/auth/logout (CSRF): revokes the refresh token server-side. See session-actions signOut.
 * By path with the descriptor's types only: it is part of the first page load (see get-me.ts).
 */
export const logout = (refreshToken: string | null) =>
  httpRequest<EndpointResponse<typeof api.auth.logout>>('/api/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refreshToken } : {},
    csrf: true,
  });
