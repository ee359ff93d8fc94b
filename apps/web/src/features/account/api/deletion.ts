import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

export type DeleteAccountInput = EndpointBody<typeof api.account.scheduleDeletion>;

/** POST /api/account/deletion: schedules the deletion; the server signs every session out. */
export const scheduleDeletion = (body: DeleteAccountInput) => apiRequest(api.account.scheduleDeletion, { body });

/**
 * Affects the whole session: the server revoked it. The caller ends the local session (endSession) once it has
 * shown where to go next, since ending it unmounts the settings page.
 */
export function useScheduleDeletion() {
  return useMutation({ mutationFn: scheduleDeletion });
}

/** POST /api/account/restore {token}: the mailed link; cancels the deletion. */
export const restoreAccount = (token: string) => apiRequest(api.account.restore, { body: { token } });

/** Changes no cached data (the visitor is signed out; they sign in again afterwards). */
export function useRestoreAccount() {
  return useMutation({ mutationFn: restoreAccount });
}
