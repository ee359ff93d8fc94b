// What a character write changes in the cache: its profile, every list it may appear in (feeds, tags, categories,
// search, favorites), and its creator's profile counts.
import type { CharacterProfile } from '@reverie/shared';
import type { QueryClient } from '@tanstack/react-query';
import { creatorsKeys } from '@/lib/query-keys/creators';
import { favoritesKeys } from '@/lib/query-keys/favorites';
import { searchKeys } from '@/lib/query-keys/search';
import { usersKeys } from '@/lib/query-keys/users';
import { charactersKeys } from '@/lib/query-keys/characters';

function invalidateLists(client: QueryClient, creatorId: string, except?: string) {
  void client.invalidateQueries({
    queryKey: charactersKeys.all,
    predicate: (q) => !(except && q.queryKey[1] === 'detail' && q.queryKey[2] === except),
  });
  void client.invalidateQueries({ queryKey: searchKeys.all });
  void client.invalidateQueries({ queryKey: favoritesKeys.all });
  void client.invalidateQueries({ queryKey: creatorsKeys.all });
  void client.invalidateQueries({ queryKey: usersKeys.detail(creatorId) });
}

/** A created or changed character: the answer becomes its cached profile, and the lists refetch. */
export function applySavedCharacter(client: QueryClient, profile: CharacterProfile) {
  client.setQueryData(charactersKeys.detail(profile.id), profile);
  invalidateLists(client, profile.creator.id, profile.id);
}

/** A deleted character: its profile leaves the cache, and the lists refetch without it. */
export function applyDeletedCharacter(client: QueryClient, id: string, creatorId: string) {
  client.removeQueries({ queryKey: charactersKeys.detail(id) });
  invalidateLists(client, creatorId, id);
}
