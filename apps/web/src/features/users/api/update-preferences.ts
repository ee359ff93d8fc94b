import { useMutation } from '@tanstack/react-query';
import { preferencesAreNsfw, type User } from '@reverie/shared';
import { api } from '@/lib/api-client';

/** PUT /api/users/{id}/preferences: selected tag names, onboarding done, nsfwEnabled derived from the tags. */
export function updatePreferences(userId: string, selectedTags: string[]): Promise<User> {
  return api.put<User>(`/api/users/${encodeURIComponent(userId)}/preferences`, {
    selectedTags,
    completedOnboarding: true,
    nsfwEnabled: preferencesAreNsfw(selectedTags),
  });
}

export function useUpdatePreferences() {
  return useMutation({
    mutationFn: ({ userId, selectedTags }: { userId: string; selectedTags: string[] }) => updatePreferences(userId, selectedTags),
  });
}
