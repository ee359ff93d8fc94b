import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout (CSRF): revokes the refresh token server-side. */
export function logout(refreshToken: string | null): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>('/api/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refreshToken } : {},
    csrf: true,
    skipAuth: true,
  });
}
