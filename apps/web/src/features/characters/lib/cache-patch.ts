// Keeps every cached copy of a character or creator in step after a like, favorite or follow, so the card
// in the feed, the profile and the search results agree without refetching whole lists.
import type { QueryClient } from '@tanstack/react-query';

type Obj = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Returns `value` with every plain object for which `match` holds replaced by `patch(object)`; same reference when nothing changed. */
export function deepPatch(value: unknown, match: (o: Obj) => boolean, patch: (o: Obj) => Obj): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const patched = deepPatch(item, match, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : value;
  }
  if (!isPlainObject(value)) return value;
  let current: Obj = value;
  let changed = false;
  for (const [key, child] of Object.entries(value)) {
    const patched = deepPatch(child, match, patch);
    if (patched !== child) {
      if (!changed) current = { ...value };
      changed = true;
      current[key] = patched;
    }
  }
  return match(current) ? patch(current) : current;
}

/** Applies a patch to every cached query whose data contains a matching object. */
export function patchCache(client: QueryClient, match: (o: Obj) => boolean, patch: (o: Obj) => Obj): void {
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = deepPatch(data, match, patch);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}

/** Character list items and profiles with this id (they carry `persona`, creators do not). */
export function patchCharacter(client: QueryClient, id: string, fields: Obj): void {
  patchCache(
    client,
    (o) => o.id === id && 'persona' in o,
    (o) => ({ ...o, ...fields }),
  );
}

/** Creator summaries, public profiles and the "following the creator" flag of their characters' profiles. */
export function patchCreatorFollow(client: QueryClient, userId: string, isFollowing: boolean, followers: number): void {
  patchCache(
    client,
    (o) =>
      (o.id === userId && ('followers' in o || 'counts' in o)) ||
      (isPlainObject(o.creator) && o.creator.id === userId && 'isFollowingCreator' in o),
    (o) => {
      if (o.id !== userId) return { ...o, isFollowingCreator: isFollowing };
      if (isPlainObject(o.counts)) return { ...o, isFollowing, counts: { ...o.counts, followers } };
      return { ...o, isFollowing, followers };
    },
  );
}
