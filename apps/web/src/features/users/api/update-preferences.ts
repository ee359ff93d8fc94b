import { useMutation } from '@tanstack/react-query';
import { api, preferencesAreNsfw } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';
import { applyOwnUser } from '@/features/auth/lib/session-store';

/** PUT /api/users/{id}/preferences: selected tag names, onboarding done, nsfwEnabled derived from the tags. */
export const updatePreferences = ({ userId, selectedTags }: { userId: string; selectedTags: string[] }) =>
  apiRequest(api.users.updatePreferences, {
    params: { id: userId },
    body: { selectedTags, completedOnboarding: true, nsfwEnabled: preferencesAreNsfw(selectedTags) },
  });

/** Affects the session user (its preferences; the first save ends onboarding). */
export function useUpdatePreferences() {
  return useMutation({ mutationFn: updatePreferences, onSuccess: applyOwnUser });
}
