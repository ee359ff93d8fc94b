// #47.15: a private character's portrait is not public media. Its files live where only the server serves them, and
// the answers that show the character (its page, the owner's chat) carry signed, expiring links; made public, the
// files move back to public URLs and the signed links stop answering; made private again, the public URLs do.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterProfile } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { created, multipart, quickUser, type Caller } from './test/helpers.ts';

let t: TestApp;
let alice: Caller;
let bob: Caller;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([quickUser(t), quickUser(t)]);
});
afterAll(() => t.close());

const get = (url: string, who?: Caller) => t.app.inject({ url, headers: who?.auth });
const profile = async (id: string, who: Caller) => (await get(`/api/characters/${id}`, who)).json() as CharacterProfile;
const setVisibility = (id: string, visibility: string) =>
  t.app.inject({ method: 'PUT', url: `/api/characters/${id}`, headers: alice.auth, payload: { visibility } });

async function uploadAvatar(id: string) {
  const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7744cc' } })
    .jpeg()
    .toBuffer();
  const mp = multipart('file', 'portrait.jpg', 'image/jpeg', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/characters/${id}/avatar`,
    headers: { ...alice.auth, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as CharacterProfile;
}

const SIGNED = (id: string) => new RegExp(`^/api/characters/${id}/portraits/[0-9a-f]{24}\\.webp\\?exp=\\d+&sig=[\\w-]{32}$`);
const PUBLIC = (id: string) => new RegExp(`^/media/characters/${id}/[0-9a-f]{24}\\.webp$`);

describe('private characters’ portraits', () => {
  it('are served by signed, expiring links only, and move between public and signed URLs with the visibility', async () => {
    const c = await created(t, alice); // private
    const uploaded = await uploadAvatar(c.id);
    expect(uploaded.avatarUrl).toMatch(SIGNED(c.id));
    expect(uploaded.thumbnailUrl).toMatch(SIGNED(c.id));
    // The link works without credentials (an <img> sends none), as a private file.
    const file = await get(uploaded.avatarUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(600);
    // Without its signature, with another one, or after it expired: nothing.
    const [path, query] = uploaded.avatarUrl!.split('?');
    expect((await get(path!)).statusCode).toBe(404);
    // Its first character changed (to another one: a signature may begin with "A" already).
    const forged = query!.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(query);
    expect((await get(`${path}?${forged}`)).statusCode).toBe(404);
    expect((await get(`${path}?exp=1&${query!.split('&')[1]}`)).statusCode).toBe(404);
    // The stored file is under the private folder, which /media never serves.
    const row = await t.deps.uow.repos.characters.findById(c.id);
    expect(row!.avatarUrl).toMatch(new RegExp(`^/media/images/characters/${c.id}/`));
    expect((await get(row!.avatarUrl!)).statusCode).toBe(404);
    // Every answer carrying it signs it: the owner's chat with the character too.
    const chat = await get(`/api/chat/${c.id}`, alice);
    expect(chat.statusCode).toBe(200);
    expect(chat.body).not.toContain('/media/images/');
    expect(chat.body).toContain(`/api/characters/${c.id}/portraits/`);
    expect((await get(`/api/characters/${c.id}`, bob)).statusCode).toBe(404);

    // Public: public URLs again; the signed links stop answering.
    expect((await setVisibility(c.id, 'public')).statusCode).toBe(200);
    const pub = await profile(c.id, bob);
    expect(pub.avatarUrl).toMatch(PUBLIC(c.id));
    expect(pub.thumbnailUrl).toMatch(PUBLIC(c.id));
    expect((await get(pub.avatarUrl!)).statusCode).toBe(200);
    expect((await get(uploaded.avatarUrl!)).statusCode).toBe(404);

    // Private again: the public URLs stop answering, a new signed link works.
    expect((await setVisibility(c.id, 'private')).statusCode).toBe(200);
    expect((await get(pub.avatarUrl!)).statusCode).toBe(404);
    expect((await get(pub.thumbnailUrl!)).statusCode).toBe(404);
    const again = await profile(c.id, alice);
    expect(again.avatarUrl).toMatch(SIGNED(c.id));
    expect((await get(again.avatarUrl!)).statusCode).toBe(200);
    expect((await get(again.thumbnailUrl!)).statusCode).toBe(200);
  });

  it('are moved by the placement sweep when saved where the visibility no longer says (before #47.15, or a failed move)', async () => {
    // One made private without its files moving (a character saved before private portraits were signed), one made
    // public with its files left in the private folder (a move that failed after the change was saved).
    const wasPublic = await created(t, alice);
    await uploadAvatar(wasPublic.id);
    expect((await setVisibility(wasPublic.id, 'public')).statusCode).toBe(200);
    const leaked = (await profile(wasPublic.id, bob)).avatarUrl!;
    expect(leaked).toMatch(PUBLIC(wasPublic.id));
    await t.deps.uow.repos.characters.update(wasPublic.id, { visibility: 'private' });
    expect((await get(leaked)).statusCode).toBe(200);
    const wasPrivate = await created(t, alice);
    const signed = (await uploadAvatar(wasPrivate.id)).avatarUrl!;
    await t.deps.uow.repos.characters.update(wasPrivate.id, { visibility: 'public' });

    expect(await t.modules.characters.services.placement.run()).toBe(2);
    // The private one: its public URL stops answering, its answers carry signed links that work.
    expect((await get(leaked)).statusCode).toBe(404);
    const nowPrivate = await profile(wasPublic.id, alice);
    expect(nowPrivate.avatarUrl).toMatch(SIGNED(wasPublic.id));
    expect((await get(nowPrivate.avatarUrl!)).statusCode).toBe(200);
    expect((await get(nowPrivate.thumbnailUrl!)).statusCode).toBe(200);
    // The public one: public URLs, and its old signed link stops answering.
    const nowPublic = await profile(wasPrivate.id, bob);
    expect(nowPublic.avatarUrl).toMatch(PUBLIC(wasPrivate.id));
    expect((await get(nowPublic.avatarUrl!)).statusCode).toBe(200);
    expect((await get(signed)).statusCode).toBe(404);
    // Nothing is left to move.
    expect(await t.modules.characters.services.placement.run()).toBe(0);
  });

  it('moves the files a card import kept as public media (before they were kept private) into the private folder', async () => {
    const character = await created(t, alice);
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const { storage } = t.deps;
    const old = await storage.put(`characters/${character.id}/assets/0123456789abcdef01234567.png`, bytes, 'image/png');
    expect((await get(old)).statusCode).toBe(200);
    const { characterAssets } = t.deps.uow.repos;
    const asset = { characterId: character.id, position: 0, type: 'emotion', name: 'happy', ext: 'png', contentType: 'image/png' };
    await characterAssets.insertMany([{ ...asset, url: old, bytes: bytes.length }]);

    expect(await t.modules.characters.services.placement.run()).toBe(1);
    const [moved] = await characterAssets.list(character.id);
    expect(moved!.url).toMatch(new RegExp(`/images/characters/${character.id}/assets/[0-9a-f]{24}\\.png$`));
    expect((await storage.get(storage.keyFromUrl(moved!.url)!))!.bytes.equals(bytes)).toBe(true);
    expect((await get(old)).statusCode).toBe(404);
    expect((await get(moved!.url)).statusCode).toBe(404);
    expect(await t.modules.characters.services.placement.run()).toBe(0);
  });
});
