import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterListItem, CharacterPage } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
let alice: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([buildUser(t), buildUser(t)]);
});
afterAll(() => t.close());

const get = async (url: string, user?: BuiltUser) => t.app.inject({ method: 'GET', url, headers: user?.auth });
const names = (page: CharacterPage) => page.items.map((i) => i.name);

describe('GET /api/characters', () => {
  it('pages the public catalogue with { items, page, limit, total, hasMore } and product.md §3 item fields', async () => {
    // Far above what any other test here gives, so these three head the popular sort whatever ran before.
    const LIKES = 9_000_000;
    for (let i = 0; i < 3; i++) await buildCharacter(t, alice, { likes: LIKES + i });
    const first = (await get('/api/characters?limit=2&sort=popular')).json() as CharacterPage;
    expect(first).toMatchObject({ page: 1, limit: 2, hasMore: true });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const item = first.items[0]!;
    for (const key of [
      'id',
      'name',
      'persona',
      'description',
      'avatar',
      'avatarUrl',
      'isUserCreated',
      'nsfw',
      'chatCount',
      'selectedTags',
      'tags',
      'tagNames',
      'rating',
      'creator',
      'likes',
    ]) {
      expect(item).toHaveProperty(key);
    }
    expect(item.creator).toEqual({ id: alice.user.id, username: alice.user.username, avatarUrl: null });
    expect(item.likes).toBe(LIKES + 2);
    expect(item.tags[0]).toMatchObject({ name: 'female', displayName: 'Female', category: 'Character Type' });
    expect(item.isLiked).toBeUndefined();
    const second = (await get('/api/characters?limit=2&page=2&sort=popular')).json() as CharacterPage;
    expect(second.items[0]!.likes).toBe(LIKES);
    expect(names(second)).not.toContain(first.items[0]!.name);
  });

  it('tells a signed-in caller whether they liked or favorited each item', async () => {
    const page = (await get('/api/characters?limit=1', bob)).json() as CharacterPage;
    expect(page.items[0]).toMatchObject({ isLiked: false, isFavorite: false });
  });

  it('flags NSFW items instead of dropping them; filter=sfw drops them, filter=nsfw keeps only them', async () => {
    const spicy = await buildCharacter(t, alice, { nsfw: true, likes: 5000 });
    const all = (await get('/api/characters?limit=50')).json() as CharacterPage;
    expect(all.items.find((i) => i.id === spicy.id)?.nsfw).toBe(true);
    const sfw = (await get('/api/characters?limit=50&filter=sfw')).json() as CharacterPage;
    expect(sfw.items.some((i) => i.nsfw)).toBe(false);
    const nsfw = (await get('/api/characters?limit=50&filter=nsfw')).json() as CharacterPage;
    expect(nsfw.items.length).toBeGreaterThan(0);
    expect(nsfw.items.every((i) => i.nsfw)).toBe(true);
  });

  it('sorts new, top-rated and by tag', async () => {
    const fresh = await buildCharacter(t, bob, { createdAt: new Date(Date.now() + 60_000) });
    expect(((await get('/api/characters?sort=new&limit=1')).json() as CharacterPage).items[0]!.id).toBe(fresh.id);
    const best = await buildCharacter(t, bob, { rating: 4.99, ratingCount: 10 });
    expect(((await get('/api/characters?sort=top-rated&limit=1')).json() as CharacterPage).items[0]!.id).toBe(best.id);
    const android = await buildCharacter(t, bob, { tags: ['android', 'sci-fi', 'sfw'] });
    const tagged = (await get('/api/characters?tag=android')).json() as CharacterPage;
    expect(tagged.items.map((i) => i.id)).toEqual([android.id]);
    expect(tagged.total).toBe(1);
  });

  it('lists a category by slug, and refuses an unknown one', async () => {
    const alien = await buildCharacter(t, bob, { tags: ['alien', 'sci-fi', 'sfw'] });
    const scifi = (await get('/api/characters?category=among-the-stars&limit=50')).json() as CharacterPage;
    expect(scifi.items.map((i) => i.id)).toContain(alien.id);
    expect(scifi.items.every((i) => i.tagNames.some((n) => ['sci-fi', 'space', 'alien', 'android'].includes(n)))).toBe(true);
    const res = await get('/api/characters?category=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown category: nope');
  });

  it.each([
    ['sort=random', /sort must be one of popular/],
    ['limit=500', /limit must be at most 50/],
    ['limit=0', /limit must be at least 1/],
    ['page=-1', /page must be at least 1/],
    ['page=abc', /page must be a number/],
    ['filter=all-of-it', /filter must be one of/],
    ['tag=Not A Tag', /tag must be a tag name/],
  ])('refuses %s with 400 and a clear message', async (qs, message) => {
    const res = await get(`/api/characters?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 404 with a sentence for a well-formed tag that does not exist', async () => {
    const res = await get('/api/characters?tag=unheard-of');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Tag "unheard-of" not found');
  });

  it('the following feed needs a session, and lists followed creators newest first', async () => {
    expect((await get('/api/characters?sort=following')).statusCode).toBe(401);
    const carol = await buildUser(t);
    const older = await buildCharacter(t, carol, { createdAt: new Date(Date.now() - 86_400_000) });
    const newer = await buildCharacter(t, carol);
    await buildCharacter(t, carol, { visibility: 'private' });
    const dave = await buildUser(t);
    expect(((await get('/api/characters?sort=following', dave)).json() as CharacterPage).total).toBe(0);
    await t.app.inject({ method: 'POST', url: `/api/follows/users/${carol.user.id}/follow`, headers: dave.auth });
    const feed = (await get('/api/characters?sort=following', dave)).json() as CharacterPage;
    expect(feed.items.map((i) => i.id)).toEqual([newer.id, older.id]);
  });
});

describe('for-you feed', () => {
  it('puts characters matching the selected tags first, without one creator filling the page', async () => {
    const app2 = await createTestApp();
    try {
      const [writer, other, reader] = await Promise.all([buildUser(app2), buildUser(app2), buildUser(app2)]);
      // Popular non-matching characters, and a creator with many vampires.
      for (let i = 0; i < 4; i++) await buildCharacter(app2, other, { likes: 900, tags: ['male', 'sci-fi', 'sfw'] });
      const vampires = [];
      for (let i = 0; i < 4; i++) vampires.push(await buildCharacter(app2, writer, { likes: 3, tags: ['vampire', 'horror', 'sfw'] }));
      const otherVampire = await buildCharacter(app2, other, { likes: 3, tags: ['vampire', 'romance', 'sfw'] });
      const prefs = await app2.app.inject({
        method: 'PUT',
        url: `/api/users/${reader.user.id}/preferences`,
        headers: reader.auth,
        payload: { selectedTags: ['vampire', 'horror', 'romance', 'mysterious', 'confident'], completedOnboarding: true },
      });
      expect(prefs.statusCode).toBe(200);
      const feed = (await app2.app.inject({ url: '/api/characters?sort=for-you&limit=6', headers: reader.auth })).json() as CharacterPage;
      const top5 = feed.items.slice(0, 5);
      expect(top5.every((i) => i.tagNames.includes('vampire'))).toBe(true);
      expect(top5.map((i) => i.id)).toContain(otherVampire.id);
      // Variety: the other creator's vampire is not pushed below all four of the prolific creator's.
      const firstFour = feed.items.slice(0, 4).map((i) => i.creator.id);
      expect(new Set(firstFour).size).toBe(2);
      // Guests get popularity and freshness: the popular characters lead.
      const guest = (await app2.app.inject({ url: '/api/characters?sort=for-you&limit=4' })).json() as CharacterPage;
      expect(guest.items.every((i: CharacterListItem) => i.likes === 900)).toBe(true);
    } finally {
      await app2.close();
    }
  });
});

describe('GET /api/characters/:id', () => {
  it('shows the full profile; the definition only to the owner', async () => {
    const c = await buildCharacter(t, alice, { name: 'Profiled' });
    const mine = (await get(`/api/characters/${c.id}`, alice)).json();
    expect(mine).toMatchObject({ id: c.id, name: 'Profiled', greeting: 'Hello there.', isOwner: true, isLiked: false });
    expect(mine.definition).toMatchObject({ systemPrompt: '', extensions: {} });
    const theirs = (await get(`/api/characters/${c.id}`, bob)).json();
    expect(theirs).toMatchObject({ isOwner: false, definition: null, isFollowingCreator: false });
    expect((await get(`/api/characters/${c.id}`)).json().isLiked).toBeUndefined();
  });

  it("answers 404 for another user's private character, everywhere it could leak", async () => {
    // An owner of its own: the counts below compare what the owner and a stranger see of exactly this one.
    const owner = await buildUser(t);
    const secret = await buildCharacter(t, owner, { visibility: 'private', name: 'Zyxwv Hidden' });
    expect((await get(`/api/characters/${secret.id}`, owner)).statusCode).toBe(200);
    const res = await get(`/api/characters/${secret.id}`, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Character not found');
    expect((await get(`/api/characters/${secret.id}`)).statusCode).toBe(404);
    // Lists, search and counts.
    const all = (await get('/api/characters?limit=50&sort=new', bob)).json() as CharacterPage;
    expect(all.items.map((i) => i.id)).not.toContain(secret.id);
    const theirs = (await get(`/api/users/${owner.user.id}/characters?limit=50`, bob)).json() as CharacterPage;
    expect(theirs.items.map((i) => i.id)).not.toContain(secret.id);
    const own = (await get(`/api/users/${owner.user.id}/characters?limit=50`, owner)).json() as CharacterPage;
    expect(own.items.map((i) => i.id)).toContain(secret.id);
    expect(own.total).toBe(theirs.total + 1);
    const search = (await get('/api/search?q=Zyxwv', bob)).json();
    expect(search.characters.total).toBe(0);
    const profileForBob = (await get(`/api/users/${owner.user.id}`, bob)).json();
    const profileForOwner = (await get(`/api/users/${owner.user.id}`, owner)).json();
    expect(profileForOwner.counts.characters).toBe(profileForBob.counts.characters + 1);
    // Liking it is refused the same way.
    expect((await t.app.inject({ method: 'PUT', url: `/api/characters/${secret.id}/likes`, headers: bob.auth })).statusCode).toBe(404);
  });

  it('serves an unlisted character by link but never lists it', async () => {
    const unlisted = await buildCharacter(t, alice, { visibility: 'unlisted', likes: 99_999 });
    expect((await get(`/api/characters/${unlisted.id}`, bob)).statusCode).toBe(200);
    const popular = (await get('/api/characters?limit=5')).json() as CharacterPage;
    expect(popular.items.map((i) => i.id)).not.toContain(unlisted.id);
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const bad = await get('/api/characters/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/must be a valid id/);
    expect((await get('/api/characters/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /api/users/:id/characters', () => {
  it('pages a creator, 404 for an unknown user', async () => {
    const maker = await buildUser(t);
    for (let i = 0; i < 3; i++) await buildCharacter(t, maker);
    const page = (await get(`/api/users/${maker.user.id}/characters?limit=2`)).json() as CharacterPage;
    expect(page).toMatchObject({ total: 3, hasMore: true, page: 1, limit: 2 });
    expect(page.items.every((i) => i.creator.id === maker.user.id)).toBe(true);
    expect((await get('/api/users/00000000-0000-4000-8000-000000000000/characters')).statusCode).toBe(404);
  });
});
