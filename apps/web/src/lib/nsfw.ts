// NSFW visibility preference (default false = NSFW items blurred) and the separate image-blur toggle
// (default true = blur on), persisted in localStorage and shared across components and tabs (product.md §3, §4).
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readString, writeString } from './storage-keys';

export const NSFW_BLUR = { blurPx: 20, opacity: 0.6 } as const;

interface BooleanPreference {
  get: () => boolean;
  set: (value: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

function createBooleanPreference(key: string, defaultValue: boolean): BooleanPreference {
  const listeners = new Set<() => void>();
  // In-memory fallback, used only while storage is unavailable, so the toggle still works there.
  let memory: boolean | null = null;
  const get = () => {
    const raw = readString(key);
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    return memory ?? defaultValue;
  };
  const set = (value: boolean) => {
    memory = writeString(key, String(value)) ? null : value;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return { get, set, subscribe };
}

const showNsfw = createBooleanPreference(STORAGE_KEYS.showNsfw, false);
const imageBlur = createBooleanPreference(STORAGE_KEYS.showImageBlur, true);

export const getShowNsfw = showNsfw.get;
export const setShowNsfw = showNsfw.set;
export const subscribeShowNsfw = showNsfw.subscribe;

export const getImageBlur = imageBlur.get;
export const setImageBlur = imageBlur.set;
export const subscribeImageBlur = imageBlur.subscribe;

/** [showNsfw, setShowNsfw]; false (NSFW blurred) until the user turns it on. */
export function useShowNsfw(): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(showNsfw.subscribe, showNsfw.get, () => false);
  return [value, showNsfw.set];
}

/** [imageBlur, setImageBlur]; true (blur NSFW images) by default. */
export function useImageBlur(): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(imageBlur.subscribe, imageBlur.get, () => true);
  return [value, imageBlur.set];
}

/** Whether an item flagged `nsfw` should be blurred under the current preference. */
export function shouldBlurNsfw(itemIsNsfw: boolean | null | undefined, showNsfwEnabled: boolean): boolean {
  return Boolean(itemIsNsfw) && !showNsfwEnabled;
}
