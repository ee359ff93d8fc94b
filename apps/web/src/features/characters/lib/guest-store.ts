// A guest's likes and favorites, kept only in this browser (product.md §3, §4) under the two `rv_` keys, as lists
// of character ids. They are merged into the account once after sign-in (see merge-local).
import { useSyncExternalStore } from 'react';
import { MERGE_LOCAL_MAX } from '@reverie/shared';
import { STORAGE_KEYS, readString, removeKeys, writeJson } from '@/lib/storage-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: readonly string[] = Object.freeze([]);

export interface IdListStore {
  get: () => readonly string[];
  has: (id: string) => boolean;
  /** Adds or removes the id; returns whether it is now in the list. */
  toggle: (id: string) => boolean;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
}

function parseIds(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    // Only well-formed ids, no duplicates, newest last, bounded like the merge endpoint.
    const ids = [...new Set(value.filter((v): v is string => typeof v === 'string' && UUID.test(v)))];
    return ids.slice(-MERGE_LOCAL_MAX);
  } catch {
    return EMPTY;
  }
}

export function createIdListStore(key: string): IdListStore {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: readonly string[] = EMPTY;
  const get = () => {
    const raw = readString(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parseIds(raw);
    }
    return cached;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const write = (ids: readonly string[]) => {
    if (ids.length) writeJson(key, ids);
    else removeKeys(key);
    notify();
  };
  return {
    get,
    has: (id) => get().includes(id),
    toggle: (id) => {
      const ids = get();
      const present = ids.includes(id);
      write(present ? ids.filter((x) => x !== id) : [...ids, id].slice(-MERGE_LOCAL_MAX));
      return !present;
    },
    clear: () => write(EMPTY),
    subscribe: (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const guestLikes = createIdListStore(STORAGE_KEYS.guestLikes);
export const guestFavorites = createIdListStore(STORAGE_KEYS.guestFavorites);

/** The ids in a guest list, re-rendering when it changes (this tab or another). */
export function useIdList(store: IdListStore): readonly string[] {
  return useSyncExternalStore(store.subscribe, store.get, () => EMPTY);
}
