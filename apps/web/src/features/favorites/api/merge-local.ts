import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { charactersKeys } from '@/lib/query-keys/characters';
import { guestFavorites, guestLikes } from '@/features/characters';
import { favoritesKeys } from '@/lib/query-keys/favorites';

/** POST /api/me/merge-local: a guest's local likes and favorites into the account. */
export const mergeLocal = (body: { likedCharacterIds: string[]; favoriteCharacterIds: string[] }) =>
  apiRequest(api.favorites.mergeLocal, { body });

let merging: Promise<boolean> | null = null;

/**
 * Merges the locally kept likes and favorites once: the local lists are cleared after the server took them, so
 * a later sign-in (or a second tab) has nothing left to send. Concurrent callers share one request. Resolves to
 * whether anything was merged. A failure keeps the lists for the next sign-in.
 */
export function mergeLocalOnce(): Promise<boolean> {
  merging ??= (async () => {
    const likedCharacterIds = [...guestLikes.get()];
    const favoriteCharacterIds = [...guestFavorites.get()];
    if (!likedCharacterIds.length && !favoriteCharacterIds.length) return false;
    await mergeLocal({ likedCharacterIds, favoriteCharacterIds });
    guestLikes.clear();
    guestFavorites.clear();
    // Every profile, card and list now has the merged state on the server.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: charactersKeys.all }),
      queryClient.invalidateQueries({ queryKey: favoritesKeys.all }),
    ]);
    return true;
  })().finally(() => {
    merging = null;
  });
  return merging;
}
