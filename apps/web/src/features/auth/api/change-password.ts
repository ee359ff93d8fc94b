import { useMutation } from '@tanstack/react-query';
import { api, type EndpointBody } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * PATCH /api/auth/me/password. An account without a password (created with Google) omits
 * `currentPassword`: that sets its first password. No cached query holds the password, so nothing is invalidated.
 */
export const changePassword = (body: EndpointBody<typeof api.auth.changePassword>) => apiRequest(api.auth.changePassword, { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
