import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t);
});
afterAll(() => t.close());

const post = (url: string, user: BuiltUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, payload: payload as object });

describe('favorites', () => {
  it('adds (idempotent), lists, toggles and removes by character id', async () => {
    const me = await buildUser(t);
    const c = await buildCharacter(t, owner, { name: 'Keeper' });
    expect((await post('/api/favorites', me, { characterId: c.id })).json()).toEqual({ isFavorite: true, favorites: 1 });
    expect((await post('/api/favorites', me, { characterId: c.id })).json()).toEqual({ isFavorite: true, favorites: 1 });
    const list = (await t.app.inject({ url: '/api/favorites', headers: me.auth })).json();
    expect(list).toMatchObject({ total: 1, page: 1, hasMore: false });
    expect(list.items[0]).toMatchObject({ id: c.id, name: 'Keeper', isFavorite: true, favorites: 1 });
    expect((await post('/api/favorites/toggle', me, { characterId: c.id })).json()).toEqual({ isFavorite: false, favorites: 0 });
    expect((await post('/api/favorites/toggle', me, { characterId: c.id })).json()).toEqual({ isFavorite: true, favorites: 1 });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/favorites/${c.id}`, headers: me.auth });
    expect(del.json()).toEqual({ isFavorite: false, favorites: 0 });
    expect((await t.app.inject({ url: '/api/favorites', headers: me.auth })).json().total).toBe(0);
  });

  it('refuses guests, bad ids and hidden characters', async () => {
    const me = await buildUser(t);
    const secret = await buildCharacter(t, owner, { visibility: 'private' });
    expect((await t.app.inject({ url: '/api/favorites' })).statusCode).toBe(401);
    const bad = await post('/api/favorites', me, { characterId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/characterId must be a valid id/);
    expect((await post('/api/favorites', me, { characterId: secret.id })).statusCode).toBe(404);
    expect((await post('/api/favorites/toggle', me, { characterId: secret.id })).statusCode).toBe(404);
  });
});

describe('POST /api/me/merge-local', () => {
  it("merges a guest's local likes and favorites once, skipping unknown and hidden ids", async () => {
    const me = await buildUser(t);
    const [a, b] = [await buildCharacter(t, owner), await buildCharacter(t, owner)];
    const secret = await buildCharacter(t, owner, { visibility: 'private' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    await t.app.inject({ method: 'PUT', url: `/api/characters/${a.id}/likes`, headers: me.auth });
    const body = { likedCharacterIds: [a.id, b.id, secret.id, unknown], favoriteCharacterIds: [b.id, b.id] };
    const res = await post('/api/me/merge-local', me, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liked: 1, favorited: 1, skipped: 2 });
    expect((await post('/api/me/merge-local', me, body)).json()).toEqual({ liked: 0, favorited: 0, skipped: 2 });
    const profile = (await t.app.inject({ url: `/api/characters/${b.id}`, headers: me.auth })).json();
    expect(profile).toMatchObject({ isLiked: true, likes: 1, isFavorite: true, favorites: 1 });
  });

  it('bounds each list at 200 ids', async () => {
    const me = await buildUser(t);
    const ids = Array.from({ length: 201 }, () => crypto.randomUUID());
    const res = await post('/api/me/merge-local', me, { likedCharacterIds: ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/At most 200 liked ids/);
  });
});
