import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesAreNsfw } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { setShowNsfw } from '@/lib/nsfw';
import { applyOwnUser } from '@/features/auth';
import { charactersKeys } from '@/lib/query-keys/characters';

/** PUT /api/users/{id}/preferences: selected tag names, onboarding done, nsfwEnabled derived from the tags. */
export const updatePreferences = ({ userId, selectedTags }: { userId: string; selectedTags: string[] }) =>
  apiRequest(api.users.updatePreferences, {
    params: { id: userId },
    body: { selectedTags, completedOnboarding: true, nsfwEnabled: preferencesAreNsfw(selectedTags) },
  });

/**
 * Affects the session user (its preferences; the first save ends onboarding) and the catalogue lists: the feed is
 * ordered by the preferences, so it is fetched again. Picking an NSFW tag turns the NSFW filter on (product.md §5); it is
 * never turned off here.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: async (user) => {
      applyOwnUser(user);
      if (user.preferences.nsfwEnabled) setShowNsfw(true);
      await queryClient.invalidateQueries({ queryKey: charactersKeys.lists() });
    },
  });
}
