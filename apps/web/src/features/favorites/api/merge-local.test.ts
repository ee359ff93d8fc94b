import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiError, json, mockApi, resetClientState } from '@/test/helpers';
import { fixtureId, signIn } from '@/test/characters';
import { mergeLocalOnce } from './merge-local';

const MERGE = 'POST /api/me/merge-local';

describe('mergeLocalOnce', () => {
  beforeEach(() => {
    resetClientState();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the local likes and favorites once, then clears them so nothing is sent again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify([fixtureId(1), fixtureId(2)]));
    window.localStorage.setItem(STORAGE_KEYS.guestFavorites, JSON.stringify([fixtureId(3)]));
    const api = mockApi({ [MERGE]: () => json({ liked: 2, favorited: 1, skipped: 0 }) });
    const [a, b] = await Promise.all([mergeLocalOnce(), mergeLocalOnce()]);
    expect([a, b]).toEqual([true, true]);
    expect(api.callsTo(MERGE)).toEqual([
      { key: MERGE, body: { likedCharacterIds: [fixtureId(1), fixtureId(2)], favoriteCharacterIds: [fixtureId(3)] } },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.guestLikes)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.guestFavorites)).toBeNull();
    await expect(mergeLocalOnce()).resolves.toBe(false);
    expect(api.callsTo(MERGE)).toHaveLength(1);
  });

  it('sends nothing when there is nothing local, and drops malformed stored ids', async () => {
    const api = mockApi({ [MERGE]: () => json({ liked: 0, favorited: 0, skipped: 0 }) });
    await expect(mergeLocalOnce()).resolves.toBe(false);
    window.localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify(['not-an-id', 42, fixtureId(9)]));
    await mergeLocalOnce();
    expect(api.callsTo(MERGE).map((c) => c.body)).toEqual([{ likedCharacterIds: [fixtureId(9)], favoriteCharacterIds: [] }]);
  });

  it('keeps the local lists when the server refuses, for the next sign-in', async () => {
    window.localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify([fixtureId(1)]));
    mockApi({ [MERGE]: () => apiError(500, 'Database unavailable') });
    await expect(mergeLocalOnce()).rejects.toThrow(/500/);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.guestLikes) ?? '[]')).toEqual([fixtureId(1)]);
  });
});
