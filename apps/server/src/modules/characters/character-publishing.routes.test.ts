// Publishing a character, through the routes: a character moderators hide stays private whatever its creator sends
// (409 MODERATION_HOLD) while other edits still save, copies of it are refused, and a restore brings back the
// visibility it had; the first time a character is public, its creator's followers are told, once per character.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterProfile, NotificationsPage } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { adminCall, buildStaff } from '../../../test/staff.ts';
import type { BuiltUser } from '../../../test/factories.ts';
import { created, quickUser, type Caller } from './test/helpers.ts';
import { HELD_COPY_MESSAGE, MODERATION_HOLD_MESSAGE } from './moderation-hold.ts';

let t: TestApp;
let moderator: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await buildStaff(t, 'moderator');
});
afterAll(() => t.close());

const reason = 'Breaks the guidelines';
const put = (who: Caller, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/characters/${id}`, headers: who.auth, payload });
const profile = async (who: Caller | null, id: string) => {
  const res = await t.app.inject({ url: `/api/characters/${id}`, headers: who?.auth });
  return { status: res.statusCode, body: res.json() as CharacterProfile };
};
const act = (id: string, action: 'hide' | 'restore') =>
  adminCall(t, moderator, 'POST', `/api/admin/content/character/${id}/actions`, { action, reason });

describe('a character moderators hid', () => {
  it('stays private: its creator cannot make it public or unlisted again (409), and nothing is changed', async () => {
    const owner = await quickUser(t);
    const c = await created(t, owner, { visibility: 'public', description: 'The first description.' });
    expect((await act(c.id, 'hide')).statusCode).toBe(200);

    for (const visibility of ['public', 'unlisted'] as const) {
      const res = await put(owner, c.id, { visibility, description: 'Sneaking it back out.' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'MODERATION_HOLD' }, message: MODERATION_HOLD_MESSAGE });
    }
    const now = await profile(owner, c.id);
    expect(now.body).toMatchObject({ visibility: 'private', moderationHidden: true, description: 'The first description.' });
    expect((await profile(null, c.id)).status).toBe(404);
  });

  it('can still be edited by its creator (so they can fix it), and saved as private', async () => {
    const owner = await quickUser(t);
    const c = await created(t, owner, { visibility: 'public' });
    await act(c.id, 'hide');
    const edit = await put(owner, c.id, { description: 'Rewritten to follow the guidelines.', visibility: 'private' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      description: 'Rewritten to follow the guidelines.',
      visibility: 'private',
      moderationHidden: true,
    });
    // Admins are held too: a hidden character comes back with a restore, not an edit.
    const admin = await quickUser(t, 'admin');
    expect((await put(admin, c.id, { visibility: 'public' })).statusCode).toBe(409);
  });

  it('cannot be copied (a copy would carry no hold) until it is restored', async () => {
    const owner = await quickUser(t);
    const c = await created(t, owner, { visibility: 'public' });
    await act(c.id, 'hide');
    const copy = await t.app.inject({ method: 'POST', url: `/api/characters/${c.id}/duplicate`, headers: owner.auth });
    expect(copy.statusCode).toBe(409);
    expect(copy.json()).toMatchObject({ error: { code: 'MODERATION_HOLD' }, message: HELD_COPY_MESSAGE });
    await act(c.id, 'restore');
    expect((await t.app.inject({ method: 'POST', url: `/api/characters/${c.id}/duplicate`, headers: owner.auth })).statusCode).toBe(201);
  });

  it('gets the saved visibility back on restore (unlisted stays unlisted), and can then be published again', async () => {
    const owner = await quickUser(t);
    const c = await created(t, owner, { visibility: 'unlisted' });
    await act(c.id, 'hide');
    expect((await profile(null, c.id)).status).toBe(404);
    expect((await act(c.id, 'restore')).statusCode).toBe(200);
    const back = await profile(null, c.id);
    expect(back.status).toBe(200);
    expect(back.body.visibility).toBe('unlisted');
    expect((await put(owner, c.id, { visibility: 'public' })).statusCode).toBe(200);
  });

  it('stays private after a restore when its creator made it private meanwhile (their latest choice)', async () => {
    const owner = await quickUser(t);
    const c = await created(t, owner, { visibility: 'public' });
    await act(c.id, 'hide');
    expect((await put(owner, c.id, { visibility: 'private' })).statusCode).toBe(200);
    await act(c.id, 'restore');
    expect((await profile(owner, c.id)).body).toMatchObject({ visibility: 'private' });
    expect((await profile(owner, c.id)).body.moderationHidden).toBeUndefined();
  });
});

describe('a new character from a creator you follow', () => {
  async function follower(creator: Caller) {
    const f = await quickUser(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/follows/users/${creator.user.id}/follow`, headers: f.auth });
    expect(res.statusCode).toBe(200);
    return f;
  }
  const news = async (who: Caller) => {
    await t.deps.background.drain();
    const page = (await t.app.inject({ url: '/api/notifications', headers: who.auth })).json() as NotificationsPage;
    return page.items.filter((n) => n.kind === 'new_character');
  };

  it('is announced to every follower when it is created public, with its name, tagline and link', async () => {
    const creator = await quickUser(t);
    const [a, b] = [await follower(creator), await follower(creator)];
    const stranger = await quickUser(t);
    const c = await created(t, creator, { name: 'Wren Ashdown', tagline: 'Cartographer of lost islands', visibility: 'public' });
    for (const f of [a, b]) {
      const [n, ...rest] = await news(f);
      expect(rest).toEqual([]);
      expect(n).toMatchObject({ body: 'Cartographer of lost islands', link: `/characters/${c.id}`, read: false });
      expect(n!.title).toMatch(/ published Wren Ashdown$/);
    }
    expect(await news(stranger)).toEqual([]);
    expect(await news(creator)).toEqual([]);
  });

  it('is not announced while private or unlisted; is announced once it becomes public, and never again', async () => {
    const creator = await quickUser(t);
    const early = await follower(creator);
    const c = await created(t, creator, { visibility: 'private' });
    expect((await put(creator, c.id, { visibility: 'unlisted' })).statusCode).toBe(200);
    expect(await news(early)).toEqual([]);

    expect((await put(creator, c.id, { visibility: 'public' })).statusCode).toBe(200);
    expect(await news(early)).toHaveLength(1);

    // Public → private → public, and edits while public: no second announcement, not even for someone who followed
    // in between.
    const late = await follower(creator);
    expect((await put(creator, c.id, { visibility: 'private' })).statusCode).toBe(200);
    expect((await put(creator, c.id, { visibility: 'public' })).statusCode).toBe(200);
    expect((await put(creator, c.id, { visibility: 'public', tagline: 'Edited while public' })).statusCode).toBe(200);
    expect(await news(early)).toHaveLength(1);
    expect(await news(late)).toEqual([]);
  });

  it('is not announced for a restore after a moderators’ hide (it was public before)', async () => {
    const creator = await quickUser(t);
    const c = await created(t, creator, { visibility: 'public' });
    const f = await follower(creator);
    await act(c.id, 'hide');
    await act(c.id, 'restore');
    expect((await profile(null, c.id)).body.visibility).toBe('public');
    expect(await news(f)).toEqual([]);
  });
});
