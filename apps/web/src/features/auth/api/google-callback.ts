import type { AuthResponse } from '@reverie/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/google/callback: exchanges a Google authorization code for a session. */
export function googleCallback(code: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/google/callback', { code });
}
