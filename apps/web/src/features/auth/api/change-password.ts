import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { refreshSessionUser } from '../lib/session-actions';

/**
 * PATCH /api/auth/me/password. An account without a password (created with Google) omits
 * `currentPassword`: that sets its first password.
 */
export const changePassword = (body: EndpointBody<typeof api.auth.changePassword>) => apiRequest(api.auth.changePassword, { body });

/** Affects the session user (`hasPassword`), which is fetched again. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => refreshSessionUser().catch((error: unknown) => logError('Could not refresh the user', error)),
  });
}
