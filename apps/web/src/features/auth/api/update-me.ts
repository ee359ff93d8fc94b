import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyOwnUser } from '../lib/session-store';

export type UpdateMeBody = EndpointBody<typeof api.auth.updateMe>;

/** PUT /api/auth/me: a changed e-mail becomes unverified and a new link is mailed. */
export const updateMe = (body: UpdateMeBody) => apiRequest(api.auth.updateMe, { body });

/** Affects the session user and the cached public profile. */
export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, onSuccess: applyOwnUser });
}
