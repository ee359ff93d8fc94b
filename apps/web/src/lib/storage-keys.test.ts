import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, readJson, removeKeys, writeJson } from './storage-keys';

describe('storage keys and helpers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips JSON and falls back on missing or corrupt values', () => {
    expect(writeJson(STORAGE_KEYS.guestLikes, ['a', 'b'])).toBe(true);
    expect(readJson<string[]>(STORAGE_KEYS.guestLikes, [])).toEqual(['a', 'b']);
    expect(readJson(STORAGE_KEYS.guestFavorites, ['x'])).toEqual(['x']);
    localStorage.setItem(STORAGE_KEYS.guestFavorites, '[oops');
    expect(readJson(STORAGE_KEYS.guestFavorites, [])).toEqual([]);
    removeKeys(STORAGE_KEYS.guestLikes, STORAGE_KEYS.guestFavorites);
    expect(localStorage.getItem(STORAGE_KEYS.guestLikes)).toBeNull();
  });

  it('never throws when storage does', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(writeJson('k', { a: 1 })).toBe(false);
    expect(readJson('k', 42)).toBe(42);
    expect(() => removeKeys('k')).not.toThrow();
  });
});
