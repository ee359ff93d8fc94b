import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyOwnUser } from '@/features/auth';

export type UpdateSettingsInput = { userId: string; settings: EndpointBody<typeof api.users.updateSettings> };

/** PUT /api/users/{id}/settings with any of emailNotifications, showNsfwByDefault, language. */
export const updateSettings = ({ userId, settings }: UpdateSettingsInput) =>
  apiRequest(api.users.updateSettings, { params: { id: userId }, body: settings });

/** Affects the session user (its settings). */
export function useUpdateSettings() {
  return useMutation({ mutationFn: updateSettings, onSuccess: applyOwnUser });
}
