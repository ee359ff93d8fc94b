// Every browser-storage key the web app uses (product.md §3: prefix `rv_`, NSFW key `reverie_show_nsfw`).
import { STORAGE_PREFIX } from '@reverie/shared/constants';

export const STORAGE_KEYS = {
  accessToken: `${STORAGE_PREFIX}access_token`,
  refreshToken: `${STORAGE_PREFIX}refresh_token`,
  user: `${STORAGE_PREFIX}user`,
  ageVerified: `${STORAGE_PREFIX}age_verified`,
  ageVerifiedAt: `${STORAGE_PREFIX}age_verified_at`,
  ageVerifiedVersion: `${STORAGE_PREFIX}age_verified_version`,
  guestLikes: `${STORAGE_PREFIX}guest_liked_characters`,
  guestFavorites: `${STORAGE_PREFIX}guest_favorites`,
  showNsfw: 'reverie_show_nsfw',
  showImageBlur: 'reverie_image_blur',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Character creator drafts: `rv_character_draft:<userId>:<characterId | new>` (removed when the user signs out). */
export const CHARACTER_DRAFT_PREFIX = `${STORAGE_PREFIX}character_draft:`;

/** localStorage, or null where it is unavailable (private mode, blocked cookies, no window). */
export function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Raw string value, or null when missing or storage is unavailable. Never throws. */
export function readString(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a raw string; failures (quota, private mode) are ignored. Returns whether it was stored. */
export function writeString(key: string, value: string): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Parsed JSON value, or `fallback` when missing, unparsable or storage is unavailable. Never throws. */
export function readJson<T>(key: string, fallback: T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON. Never throws; returns whether it was stored. */
export function writeJson(key: string, value: unknown): boolean {
  let raw: string;
  try {
    raw = JSON.stringify(value);
  } catch {
    return false;
  }
  return writeString(key, raw);
}

/** Removes the given keys. Never throws. */
export function removeKeys(...keys: string[]): void {
  const storage = getStorage();
  if (!storage) return;
  for (const key of keys) {
    try {
      storage.removeItem(key);
    } catch {
      // ignore: nothing useful to do
    }
  }
}

/** Removes every key that starts with `prefix`. Never throws. */
export function removeKeysWithPrefix(prefix: string): void {
  const storage = getStorage();
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    removeKeys(...keys);
  } catch {
    // ignore: nothing useful to do
  }
}
