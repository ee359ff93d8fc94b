import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout (CSRF): revokes the refresh token server-side. See session-actions signOut. */
export const logout = (refreshToken: string | null) => apiRequest(api.auth.logout, { body: refreshToken ? { refreshToken } : {} });
