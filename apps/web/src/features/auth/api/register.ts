import type { AuthResponse } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/register (CSRF): creates the account and signs it in at once. */
export function register(input: RegisterInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/register', { method: 'POST', body: input, csrf: true });
}
