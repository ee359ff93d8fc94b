import type { AuthResponse } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

export interface LoginInput {
  emailOrUsername: string;
  password: string;
}

/** POST /api/auth/login (CSRF). A 403 carries `requiresEmailVerification` and `email` in the ApiError body. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body: input, csrf: true });
}
