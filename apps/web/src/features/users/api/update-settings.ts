import { useMutation } from '@tanstack/react-query';
import type { User, UserSettings } from '@reverie/shared';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/features/auth/session-store';

/** PUT /api/users/{id}/settings with any of emailNotifications, showNsfwByDefault, language. */
export function updateSettings(userId: string, settings: Partial<UserSettings>): Promise<User> {
  return api.put<User>(`/api/users/${encodeURIComponent(userId)}/settings`, settings);
}

export function useUpdateSettings() {
  return useMutation({
    mutationFn: ({ userId, settings }: { userId: string; settings: Partial<UserSettings> }) => updateSettings(userId, settings),
    onSuccess: updateSessionUser,
  });
}
