import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterPage, CharacterProfile, ChatSession, SearchResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makePng } from '../../lib/character-card/test/fixtures.ts';
import { createCharacter, created, minimalCharacter, multipart, ownCount, quickUser, type Caller } from './test/helpers.ts';

let t: TestApp;
let alice: Caller;
let bob: Caller;
beforeAll(async () => {
  // A small upload limit, so that "too large" is cheap to reach.
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(1024 * 1024) });
  [alice, bob] = await Promise.all([quickUser(t), quickUser(t)]);
});
afterAll(() => t.close());

const get = (url: string, who?: Caller) => t.app.inject({ url, headers: who?.auth });
const put = (id: string, who: Caller | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/characters/${id}`, headers: who?.auth, payload: payload as object });
const del = (id: string, who?: Caller) => t.app.inject({ method: 'DELETE', url: `/api/characters/${id}`, headers: who?.auth });
const ids = (page: CharacterPage) => page.items.map((i) => i.id);

async function uploadAvatar(id: string, who: Caller | undefined, bytes: Buffer, field = 'file', type = 'image/jpeg') {
  const mp = multipart(field, 'portrait.jpg', type, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/characters/${id}/avatar`,
    headers: { ...who?.auth, ...mp.headers },
    payload: mp.payload,
  });
}

const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#7744cc' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-location' } } })
    .toBuffer();

describe('POST /api/characters', () => {
  it('creates a private character owned by the caller, with the rating flag from its tag', async () => {
    const res = await createCharacter(t, alice, {
      name: 'Wrenna Vale',
      tags: ['female', 'fantasy', 'nsfw'],
      alternateGreetings: ['Again?'],
    });
    expect(res.statusCode).toBe(201);
    const c = res.json() as CharacterProfile;
    expect(c).toMatchObject({
      name: 'Wrenna Vale',
      visibility: 'private',
      nsfw: true,
      isOwner: true,
      isUserCreated: true,
      allowDownload: false,
      alternateGreetings: ['Again?'],
      tagNames: ['female', 'fantasy', 'nsfw'],
      creator: { id: alice.user.id },
      likes: 0,
    });
    expect(c.definition).toMatchObject({ systemPrompt: '', characterBook: null, extensions: {} });
    // Private: its owner sees it, nobody else does, and no public list shows it.
    expect((await get(`/api/characters/${c.id}`, bob)).statusCode).toBe(404);
    expect(ids((await get('/api/characters?sort=new&limit=50', alice)).json())).not.toContain(c.id);
    expect(ids((await get(`/api/users/${alice.user.id}/characters?limit=50`, alice)).json())).toContain(c.id);
  });

  it('publishes to the feed, search and the creator page at once', async () => {
    const c = await created(t, alice, { name: 'Quorvath the Lantern', visibility: 'public' });
    expect(ids((await get('/api/characters?sort=new&limit=10')).json())).toContain(c.id);
    const search = (await get('/api/search?q=quorv')).json() as SearchResponse;
    expect(search.characters.items.map((i) => i.id)).toEqual([c.id]);
    expect(ids((await get(`/api/users/${alice.user.id}/characters?limit=50`)).json())).toContain(c.id);
    // Search word expansions are cached; a second new name with the same beginning is found at once all the same.
    const twin = await created(t, bob, { name: 'Quorvane Ashes', visibility: 'public' });
    const again = (await get('/api/search?q=quorv')).json() as SearchResponse;
    expect(again.characters.items.map((i) => i.id).sort()).toEqual([c.id, twin.id].sort());
  });

  it.each([
    ['no name', { name: undefined }, /name: name is required/],
    ['a blank name', { name: '   ' }, /Give your character a name/],
    ['an 81-character name', { name: 'x'.repeat(81) }, /Name must be at most 80 characters/],
    ['a 201-character tagline', { tagline: 'x'.repeat(201) }, /Tagline must be at most 200 characters/],
    ['a 64,001-character description', { description: 'x'.repeat(64_001) }, /Description must be at most 64,000 characters/],
    ['a 64,001-character personality', { personality: 'x'.repeat(64_001) }, /Personality must be at most 64,000 characters/],
    ['a 64,001-character greeting', { greeting: 'x'.repeat(64_001) }, /Greeting must be at most 64,000 characters/],
    ['a 64,001-character example dialogue', { exampleDialogue: 'x'.repeat(64_001) }, /Example dialogue must be at most 64,000 characters/],
    ['101 alternate greetings', { alternateGreetings: Array.from({ length: 101 }, () => 'hi') }, /At most 100 alternate greetings/],
    ['a NUL in the name', { name: 'Bad\u0000Name' }, /Control characters are not allowed/],
    ['an escape sequence in the description', { description: 'Fine\u001b[31m' }, /Control characters are not allowed/],
    ['no tags', { tags: [] }, /Pick at least one tag/],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /Pick at most 20 tags/],
    ['an unknown tag', { tags: ['female', 'unheard-of', 'sfw'] }, /Unknown tags: unheard-of/],
    ['no content rating', { tags: ['female', 'fantasy'] }, /exactly one content rating tag .* has 0/],
    ['two content ratings', { tags: ['female', 'sfw', 'nsfw'] }, /exactly one content rating tag .* has 2/],
    ['nsfw true with the sfw rating', { tags: ['female', 'sfw'], nsfw: true }, /content rating tag is sfw, so nsfw must be false/],
    ['nsfw false with the nsfw rating', { tags: ['female', 'nsfw'], nsfw: false }, /content rating tag is nsfw, so nsfw must be true/],
    ['an unknown visibility', { visibility: 'secret' }, /visibility/],
  ])('refuses %s with 400 and a clear message, storing nothing', async (_label, over, message) => {
    const before = await ownCount(t, bob);
    const res = await createCharacter(t, bob, over);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await ownCount(t, bob)).toBe(before);
  });

  it('accepts the bounds themselves and needs a session', async () => {
    const res = await createCharacter(t, bob, {
      name: 'n'.repeat(80),
      tagline: 't'.repeat(200),
      description: 'd'.repeat(10_000),
      tags: Array.from(
        { length: 19 },
        (_, i) =>
          [
            'female',
            'fantasy',
            'sci-fi',
            'horror',
            'romance',
            'adventure',
            'mystery',
            'cyberpunk',
            'confident',
            'shy',
            'playful',
            'serious',
            'caring',
            'glasses',
            'tattoos',
            'human',
            'magical',
            'straight',
            'school',
          ][i]!,
      ).concat('suggestive'),
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as CharacterProfile).tagNames).toHaveLength(20);
    const guest = await t.app.inject({ method: 'POST', url: '/api/characters', payload: minimalCharacter() });
    expect(guest.statusCode).toBe(401);
  });
});

describe('PUT /api/characters/:id', () => {
  it('changes what is sent and keeps the rest; tags and rating move together', async () => {
    const c = await created(t, alice, { personality: 'Wry.', scenario: 'A harbour.' });
    const res = await put(c.id, alice, { tagline: 'Now with a new line', tags: ['male', 'horror', 'nsfw'], visibility: 'unlisted' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: c.name,
      persona: 'Now with a new line',
      personality: 'Wry.',
      scenario: 'A harbour.',
      nsfw: true,
      visibility: 'unlisted',
      tagNames: ['male', 'horror', 'nsfw'],
    });
    // The relational tag rows follow: the tag feed finds it only once it is public.
    await put(c.id, alice, { visibility: 'public' });
    expect(ids((await get('/api/characters?tag=horror&limit=50')).json())).toContain(c.id);
    const bad = await put(c.id, alice, { nsfw: false });
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/characters/${c.id}`, alice)).json().nsfw).toBe(true);
  });

  it("answers 403 for someone else's public or unlisted character, 404 for a private or unknown one, 401 for guests", async () => {
    const pub = await created(t, alice, { visibility: 'public' });
    const unlisted = await created(t, alice, { visibility: 'unlisted' });
    const priv = await created(t, alice);
    for (const c of [pub, unlisted]) {
      const res = await put(c.id, bob, { name: 'Stolen' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the creator of this character can change it.');
      expect((await del(c.id, bob)).statusCode).toBe(403);
      expect((await uploadAvatar(c.id, bob, await photo())).statusCode).toBe(403);
    }
    const hidden = await put(priv.id, bob, { name: 'Stolen' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Character not found');
    expect((await del(priv.id, bob)).statusCode).toBe(404);
    expect((await uploadAvatar(priv.id, bob, await photo())).statusCode).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', alice, { name: 'x' })).statusCode).toBe(404);
    expect((await put(pub.id, undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await get(`/api/characters/${pub.id}`, alice)).json().name).toBe(pub.name);
  });

  it('lets an admin edit and delete anyone’s character', async () => {
    const admin = await quickUser(t, 'admin');
    const c = await created(t, alice);
    expect((await put(c.id, admin, { tagline: 'Edited by staff' })).json()).toMatchObject({
      persona: 'Edited by staff',
      creator: { id: alice.user.id },
    });
    expect((await del(c.id, admin)).statusCode).toBe(200);
  });
});

describe('DELETE /api/characters/:id', () => {
  it('removes it from every list, its likes, favorites and files; conversations stay readable', async () => {
    const c = await created(t, alice, { name: 'Vessaline Gone', visibility: 'public' });
    expect((await uploadAvatar(c.id, alice, await photo())).statusCode).toBe(200);
    const withArt = (await get(`/api/characters/${c.id}`, alice)).json() as CharacterProfile;
    await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}/likes`, headers: bob.auth });
    await t.app.inject({ method: 'POST', url: '/api/favorites', headers: bob.auth, payload: { characterId: c.id } });
    // Bob opens a conversation with it.
    expect((await get(`/api/chat/${c.id}`, bob)).statusCode).toBe(200);
    const profileBefore = (await get(`/api/users/${alice.user.id}`)).json();

    const res = await del(c.id, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Character deleted' });

    expect((await get(`/api/characters/${c.id}`, alice)).statusCode).toBe(404);
    expect(ids((await get('/api/characters?sort=new&limit=50')).json())).not.toContain(c.id);
    expect(((await get('/api/search?q=vessaline')).json() as SearchResponse).characters.total).toBe(0);
    expect(ids((await get(`/api/users/${alice.user.id}/characters?limit=50`, alice)).json())).not.toContain(c.id);
    expect(ids((await get('/api/favorites', bob)).json())).not.toContain(c.id);
    const liked = (await get(`/api/users/${bob.user.id}/likedCharacters`, bob)).json();
    expect(liked.likedCharacters.map((i: { id: string }) => i.id)).not.toContain(c.id);
    expect((await get(`/api/users/${alice.user.id}`)).json().counts.characters).toBe(profileBefore.counts.characters - 1);
    // The rows are gone, not just hidden.
    const row = await t.deps.uow.repos.characters.findAccess(c.id);
    expect(row).toMatchObject({ likesCount: 0, favoritesCount: 0 });
    expect(await t.deps.uow.repos.likes.likedAmong(bob.user.id, [c.id])).toEqual(new Set());
    expect(await t.deps.uow.repos.favorites.favoritedAmong(bob.user.id, [c.id])).toEqual(new Set());
    // Files removed.
    expect((await get(withArt.avatarUrl!)).statusCode).toBe(404);
    expect((await get(withArt.thumbnailUrl!)).statusCode).toBe(404);
    // Bob's conversation is still there, marked.
    const chat = await get(`/api/chat/${c.id}`, bob);
    expect(chat.statusCode).toBe(200);
    expect((chat.json() as ChatSession).character).toMatchObject({ name: 'Vessaline Gone', deleted: true });
    // A second delete finds nothing.
    expect((await del(c.id, alice)).statusCode).toBe(404);
  });
});

describe('character portraits', () => {
  it('re-encodes an upload into a WebP portrait at its own size (not cropped) and a 384² thumbnail without metadata, replacing the old files', async () => {
    const c = await created(t, alice);
    const first = await uploadAvatar(c.id, alice, await photo());
    expect(first.statusCode).toBe(200);
    const one = first.json() as CharacterProfile;
    // A private character's portrait: a signed link (private-portraits.routes.test.ts).
    expect(one.avatarUrl).toMatch(new RegExp(`^/api/characters/${c.id}/portraits/[0-9a-f]+\\.webp\\?exp=`));
    const portrait = await sharp((await get(one.avatarUrl!)).rawPayload).metadata();
    expect(portrait).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(portrait.exif).toBeUndefined();
    const thumb = await sharp((await get(one.thumbnailUrl!)).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 384, height: 384 });

    const second = (await uploadAvatar(c.id, alice, await photo(600, 900))).json() as CharacterProfile;
    expect(second.avatarUrl).not.toBe(one.avatarUrl);
    expect((await get(one.avatarUrl!)).statusCode).toBe(404);
    expect((await get(one.thumbnailUrl!)).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/characters/${c.id}/avatar`, headers: alice.auth });
    expect(removed.json()).toMatchObject({ avatarUrl: null, thumbnailUrl: null });
    expect((await get(second.avatarUrl!)).statusCode).toBe(404);
  });

  it('refuses what is not an image, a wrong field, a JSON body, a file over the limit and a pixel bomb, keeping the portrait', async () => {
    const c = await created(t, alice);
    const kept = ((await uploadAvatar(c.id, alice, await photo())).json() as CharacterProfile).avatarUrl;
    const script = await uploadAvatar(c.id, alice, Buffer.from('<script>alert(1)</script>'), 'file', 'image/png');
    expect(script.statusCode).toBe(415);
    expect(script.json().message).toMatch(/not an image we can read/);
    expect((await uploadAvatar(c.id, alice, await photo(), 'photo')).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: `/api/characters/${c.id}/avatar`, headers: alice.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const big = await uploadAvatar(c.id, alice, Buffer.alloc(1024 * 1024 + 10, 7));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The image is too large: the limit is 1 MB.');
    // 20,000 × 20,000 declared in the header: refused from the header, before any pixel is decoded.
    const bomb = await uploadAvatar(c.id, alice, makePng([], { width: 20_000, height: 20_000 }), 'file', 'image/png');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toMatch(/under 40 megapixels/);
    expect((await get(`/api/characters/${c.id}`, alice)).json().avatarUrl).toBe(kept);
    expect((await get(kept!)).statusCode).toBe(200);
  });
});

describe('POST /api/characters/:id/duplicate', () => {
  it('makes a private copy with every field and its own copy of the portrait', async () => {
    const c = await created(t, alice, { visibility: 'public', scenario: 'Rooftops.', alternateGreetings: ['Hm?'] });
    const withArt = (await uploadAvatar(c.id, alice, await photo())).json() as CharacterProfile;
    const res = await t.app.inject({ method: 'POST', url: `/api/characters/${c.id}/duplicate`, headers: alice.auth });
    expect(res.statusCode).toBe(201);
    const copy = res.json() as CharacterProfile;
    expect(copy).toMatchObject({
      name: `${c.name} (copy)`,
      visibility: 'private',
      scenario: 'Rooftops.',
      alternateGreetings: ['Hm?'],
      tagNames: c.tagNames,
      likes: 0,
    });
    expect(copy.id).not.toBe(c.id);
    expect(copy.avatarUrl).toMatch(new RegExp(`^/api/characters/${copy.id}/portraits/`));
    expect((await get(copy.avatarUrl!)).rawPayload.equals((await get(withArt.avatarUrl!)).rawPayload)).toBe(true);
    // Deleting the original leaves the copy's files.
    await del(c.id, alice);
    expect((await get(copy.avatarUrl!)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/characters/${copy.id}/duplicate`, headers: bob.auth })).statusCode).toBe(404);
  });
});
