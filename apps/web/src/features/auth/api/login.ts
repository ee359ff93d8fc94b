import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { establishSession } from '../lib/session-store';

/** POST /api/auth/login (CSRF). A 403 carries `requiresEmailVerification` and `email` in the ApiError body. */
export const login = (body: EndpointBody<typeof api.auth.login>) => apiRequest(api.auth.login, { body });

/** Signs in: the answer's tokens and user become the session (which starts a new profile generation). */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: establishSession });
}
