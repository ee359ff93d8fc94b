import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, buildUsersQuick, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: BuiltUser;
let fan: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  [owner, fan] = await Promise.all([buildUser(t), buildUser(t)]);
});
afterAll(() => t.close());

const likeReq = (method: 'PUT' | 'POST' | 'DELETE', id: string, user: Pick<BuiltUser, 'auth'>) =>
  t.app.inject({ method, url: `/api/characters/${id}/likes`, headers: user.auth });
const likesOf = async (id: string) => (await t.app.inject({ url: `/api/characters/${id}` })).json().likes as number;

describe('likes', () => {
  it('PUT and POST like, DELETE unlikes; each is idempotent and answers { isLiked, likes }', async () => {
    const c = await buildCharacter(t, owner);
    expect((await likeReq('PUT', c.id, fan)).json()).toEqual({ isLiked: true, likes: 1 });
    expect((await likeReq('POST', c.id, fan)).json()).toEqual({ isLiked: true, likes: 1 });
    const profile = (await t.app.inject({ url: `/api/characters/${c.id}`, headers: fan.auth })).json();
    expect(profile).toMatchObject({ isLiked: true, likes: 1 });
    expect((await likeReq('DELETE', c.id, fan)).json()).toEqual({ isLiked: false, likes: 0 });
    expect((await likeReq('DELETE', c.id, fan)).json()).toEqual({ isLiked: false, likes: 0 });
  });

  it('needs a session; 404 for an unknown character, 400 for a malformed id', async () => {
    const c = await buildCharacter(t, owner);
    expect((await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}/likes` })).statusCode).toBe(401);
    expect((await likeReq('PUT', '00000000-0000-4000-8000-000000000000', fan)).statusCode).toBe(404);
    expect((await likeReq('PUT', 'nope', fan)).statusCode).toBe(400);
  });

  it('keeps the counter consistent under 50 parallel likes and unlikes by one user', async () => {
    const c = await buildCharacter(t, owner);
    const user = await buildUser(t);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => likeReq(i % 2 === 0 ? 'PUT' : 'DELETE', c.id, user)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const liked = (await t.app.inject({ url: `/api/characters/${c.id}`, headers: user.auth })).json();
    expect(liked.likes).toBe(liked.isLiked ? 1 : 0);
    // And 50 parallel likes from the same user still count once.
    await Promise.all(Array.from({ length: 50 }, () => likeReq('PUT', c.id, user)));
    expect(await likesOf(c.id)).toBe(1);
  });

  it('counts 50 likes from 50 users as 50', async () => {
    const c = await buildCharacter(t, owner);
    const users = await buildUsersQuick(t, 50);
    const results = await Promise.all(users.map((u) => likeReq('PUT', c.id, u)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await likesOf(c.id)).toBe(50);
    expect(Math.max(...results.map((r) => r.json().likes as number))).toBe(50);
  });
});

describe('GET /api/users/:id/likedCharacters', () => {
  it('lists my liked characters, most recent first; someone else asking gets 404', async () => {
    const me = await buildUser(t);
    const a = await buildCharacter(t, owner, { name: 'Liked first' });
    const b = await buildCharacter(t, owner, { name: 'Liked second' });
    await likeReq('PUT', a.id, me);
    await new Promise((r) => setTimeout(r, 5));
    await likeReq('PUT', b.id, me);
    const res = await t.app.inject({ url: `/api/users/${me.user.id}/likedCharacters`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().likedCharacters.map((c: { name: string }) => c.name)).toEqual(['Liked second', 'Liked first']);
    expect(res.json().likedCharacters[0].isLiked).toBe(true);
    expect(res.json().total).toBe(2);
    expect((await t.app.inject({ url: `/api/users/${me.user.id}/likedCharacters`, headers: fan.auth })).statusCode).toBe(404);
  });

  it('drops a liked character once it turns private', async () => {
    const me = await buildUser(t);
    const c = await buildCharacter(t, owner);
    await likeReq('PUT', c.id, me);
    await t.deps.uow.repos.characters.update(c.id, { visibility: 'private' });
    const res = await t.app.inject({ url: `/api/users/${me.user.id}/likedCharacters`, headers: me.auth });
    expect(res.json()).toMatchObject({ likedCharacters: [], total: 0 });
  });
});
