import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { establishSession } from '../lib/session-store';

/** POST /api/auth/register (CSRF): creates the account and signs it in at once. */
export const register = (body: EndpointBody<typeof api.auth.register>) => apiRequest(api.auth.register, { body });

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: establishSession });
}
