import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = (method: 'POST' | 'DELETE', target: string, user: BuiltUser) =>
  t.app.inject({ method, url: `/api/follows/users/${target}/follow`, headers: user.auth });

describe('follows', () => {
  it('follows and unfollows idempotently; status, lists and profile counts follow along', async () => {
    const [creator, fan] = [await buildUser(t), await buildUser(t)];
    expect((await follow('POST', creator.user.id, fan)).json()).toEqual({ isFollowing: true, followers: 1 });
    expect((await follow('POST', creator.user.id, fan)).json()).toEqual({ isFollowing: true, followers: 1 });
    const status = await t.app.inject({ url: `/api/follows/users/${creator.user.id}/follow-status`, headers: fan.auth });
    expect(status.json()).toEqual({ isFollowing: true });
    const followers = (await t.app.inject({ url: `/api/users/${creator.user.id}/followers` })).json();
    expect(followers).toMatchObject({ total: 1, hasMore: false });
    expect(followers.items[0]).toMatchObject({ id: fan.user.id, username: fan.user.username });
    const following = (await t.app.inject({ url: `/api/users/${fan.user.id}/following`, headers: fan.auth })).json();
    expect(following.items[0]).toMatchObject({ id: creator.user.id, isFollowing: true });
    const profile = (await t.app.inject({ url: `/api/users/${creator.user.id}`, headers: fan.auth })).json();
    expect(profile).toMatchObject({ isFollowing: true, counts: { followers: 1, following: 0, characters: 0, likesReceived: 0 } });
    expect((await follow('DELETE', creator.user.id, fan)).json()).toEqual({ isFollowing: false, followers: 0 });
    expect((await follow('DELETE', creator.user.id, fan)).json()).toEqual({ isFollowing: false, followers: 0 });
  });

  it('refuses following yourself with 400, unknown users with 404, guests with 401', async () => {
    const me = await buildUser(t);
    const self = await follow('POST', me.user.id, me);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow yourself');
    expect((await follow('POST', '00000000-0000-4000-8000-000000000000', me)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/follows/users/${me.user.id}/follow` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/00000000-0000-4000-8000-000000000000/followers' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${me.user.id}/followers?limit=500` })).statusCode).toBe(400);
  });

  it('pages followers', async () => {
    const creator = await buildUser(t);
    for (let i = 0; i < 3; i++) await follow('POST', creator.user.id, await buildUser(t));
    const page = (await t.app.inject({ url: `/api/users/${creator.user.id}/followers?limit=2&page=2` })).json();
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2, hasMore: false });
    expect(page.items).toHaveLength(1);
  });
});

describe('GET /api/users/:id counts', () => {
  it('counts public characters and the likes they received; the owner also counts hidden ones', async () => {
    const [maker, fan] = [await buildUser(t), await buildUser(t)];
    const pub = await buildCharacter(t, maker);
    await buildCharacter(t, maker, { visibility: 'private' });
    await t.app.inject({ method: 'PUT', url: `/api/characters/${pub.id}/likes`, headers: fan.auth });
    const seen = (await t.app.inject({ url: `/api/users/${maker.user.id}` })).json();
    expect(seen.counts).toEqual({ characters: 1, followers: 0, following: 0, likesReceived: 1 });
    expect(seen.isFollowing).toBeUndefined();
    const own = (await t.app.inject({ url: `/api/users/${maker.user.id}`, headers: maker.auth })).json();
    expect(own.counts.characters).toBe(2);
    expect(own.isFollowing).toBe(false);
  });
});

describe('GET /api/creators/top', () => {
  it("ranks creators by the period's likes and new followers (default month)", async () => {
    const [quiet, loved] = [await buildUser(t), await buildUser(t)];
    const a = await buildCharacter(t, quiet);
    const b = await buildCharacter(t, loved);
    for (let i = 0; i < 3; i++) {
      const u = await buildUser(t);
      await t.app.inject({ method: 'PUT', url: `/api/characters/${b.id}/likes`, headers: u.auth });
      await follow('POST', loved.user.id, u);
    }
    const u = await buildUser(t);
    await t.app.inject({ method: 'PUT', url: `/api/characters/${a.id}/likes`, headers: u.auth });
    const top = (await t.app.inject({ url: '/api/creators/top' })).json();
    expect(top.period).toBe('month');
    const ids = top.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(loved.user.id)).toBeLessThan(ids.indexOf(quiet.user.id));
    const entry = top.items.find((i: { id: string }) => i.id === loved.user.id);
    expect(entry).toMatchObject({ periodLikes: 3, periodFollowers: 3, followers: 3, characters: 1, likes: 3, score: 12 });
    expect(top.items[0].rank).toBe(1);
    expect((await t.app.inject({ url: '/api/creators/top?period=year' })).statusCode).toBe(400);
  });

  it('leaves out likes older than the period', async () => {
    const maker = await buildUser(t);
    const c = await buildCharacter(t, maker);
    const fan = await buildUser(t);
    await t.deps.uow.repos.likes.insertMany([{ userId: fan.user.id, characterId: c.id, createdAt: new Date(Date.now() - 3 * 86_400_000) }]);
    const day = (await t.app.inject({ url: '/api/creators/top?period=day&limit=50' })).json();
    const week = (await t.app.inject({ url: '/api/creators/top?period=week&limit=50' })).json();
    expect(day.items.find((i: { id: string }) => i.id === maker.user.id)?.periodLikes ?? 0).toBe(0);
    expect(week.items.find((i: { id: string }) => i.id === maker.user.id)?.periodLikes).toBe(1);
  });
});
