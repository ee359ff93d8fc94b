// Pictures in moderation, through the routes (a local Automatic1111-speaking peer makes them): reported like any
// content and shown in the queue with context; hidden by moderators (private and kept private until restored),
// removed (gone for its owner too) and restored; a suspended owner's public pictures leave every gallery and come
// back when the suspension is lifted.
import type {
  GenerateImageResponse,
  ImageItem,
  ImageJobResponse,
  ImagesPage,
  NotificationsPage,
  QueueItemDetail,
  QueuePage,
} from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';
import { adminCall, buildStaff } from '../../../test/staff.ts';
import { IMAGE_HOLD_MESSAGE } from './moderation-hold.ts';

let t: TestApp;
let peer: SdApiPeer;
let moderator: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  peer = await startSdApiPeer({ kind: 'ok', durationMs: 30 });
  t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url, IMAGES_CONCURRENCY: '1' });
  moderator = await buildStaff(t, 'moderator');
  admin = await buildStaff(t, 'admin');
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

const reason = 'Breaks the image guidelines';
const call = (u: BuiltUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u?.auth, ...(payload ? { payload } : {}) });

/** A finished picture of `owner` (of their character when given). */
async function picture(owner: BuiltUser, opts: { visibility?: 'public' | 'private'; characterId?: string } = {}): Promise<ImageItem> {
  const res = await call(owner, 'POST', '/api/image-generation/generate', {
    prompt: 'a quiet harbour at dusk',
    visibility: opts.visibility ?? 'public',
    ...(opts.characterId ? { characterId: opts.characterId } : {}),
  });
  expect(res.statusCode, res.body).toBe(202);
  const { job } = res.json() as GenerateImageResponse;
  for (let i = 0; i < 400; i++) {
    const r = (await call(owner, 'GET', `/api/image-generation/jobs/${job.id}`)).json() as ImageJobResponse;
    if (r.job.status === 'done') return r.images[0]!;
    if (r.job.status !== 'queued' && r.job.status !== 'running') throw new Error(`job ended ${r.job.status}`);
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error('the picture was not made');
}

const ids = (page: ImagesPage) => page.items.map((i) => i.id);
const listed = async (u: BuiltUser | null, query = '') => ids((await call(u, 'GET', `/api/images${query}`)).json() as ImagesPage);
const act = (who: BuiltUser, id: string, action: 'hide' | 'remove' | 'restore') =>
  adminCall(t, who, 'POST', `/api/admin/content/image/${id}/actions`, { action, reason });
const notes = async (u: BuiltUser): Promise<NotificationsPage> => {
  await t.deps.background.drain();
  return (await call(u, 'GET', '/api/notifications')).json() as NotificationsPage;
};

describe('reporting a picture', () => {
  it('lands in the queue with its context: owner, prompt, visibility and a thumbnail only the console can open', async () => {
    const [owner, reporter] = [await buildUser(t, { coins: 50 }), await buildUser(t)];
    const character = await buildCharacter(t, owner, { name: 'Odile Marsh' });
    const img = await picture(owner, { characterId: character.id });
    const res = await call(reporter, 'POST', '/api/reports', {
      subjectType: 'image',
      subjectId: img.id,
      reason: 'real_person',
      note: 'That is my neighbour.',
    });
    expect(res.statusCode, res.body).toBe(201);

    const queue = (await adminCall(t, moderator, 'GET', '/api/admin/queue?kind=report')).json() as QueuePage;
    const item = queue.items.find((i) => i.subject?.id === img.id)!;
    expect(item).toMatchObject({ owner: { id: owner.user.id }, subject: { type: 'image', label: 'a picture of Odile Marsh' } });
    const detail = (await adminCall(t, moderator, 'GET', `/api/admin/queue/${item.id}`)).json() as QueueItemDetail;
    expect(detail.report).toMatchObject({
      reason: 'real_person',
      note: 'That is my neighbour.',
      snapshot: 'Prompt: a quiet harbour at dusk',
    });
    expect(detail.context).toMatchObject({
      ref: { type: 'image', id: img.id, label: 'a picture of Odile Marsh', url: `/character-gallery/${character.id}` },
      missing: false,
      excerpt: 'Prompt: a quiet harbour at dusk',
      moderation: { hidden: false, removed: false, hold: null },
    });
    expect(detail.context!.facts).toEqual(
      expect.arrayContaining([
        { label: 'Owner', value: `@${owner.user.username}` },
        { label: 'Character', value: 'Odile Marsh' },
        { label: 'Visibility', value: 'public' },
      ]),
    );
    const thumb = await t.app.inject({ url: detail.context!.imageUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(detail.ownerAccount).toMatchObject({ id: owner.user.id });
  });

  it('only what the reporter can see: not their own picture, not someone’s private one, not a missing one', async () => {
    const [owner, other] = [await buildUser(t, { coins: 50 }), await buildUser(t)];
    const mine = await picture(owner);
    const hidden = await picture(owner, { visibility: 'private' });
    const report = (u: BuiltUser, id: string) => call(u, 'POST', '/api/reports', { subjectType: 'image', subjectId: id, reason: 'spam' });
    const own = await report(owner, mine.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('This image is yours: edit or delete it instead of reporting it.');
    expect((await report(other, hidden.id)).statusCode).toBe(404);
    expect((await report(other, '00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
  });
});

describe('a content-removal request naming a picture', () => {
  it('is linked to it in the queue, and is settled as removed only once the picture is hidden or removed', async () => {
    const owner = await buildUser(t, { coins: 50 });
    const img = await picture(owner);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/content-removal/request',
      remoteAddress: '10.88.0.1',
      payload: {
        subjectUrl: `${t.config.publicUrl}/api/images/${img.id}/full.webp`,
        reason: 'likeness',
        contactEmail: 'model@example.org',
        details: 'This picture shows my face without my consent.',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [item] = await t.deps.uow.repos.moderation.openItemsForSubject('image', img.id);
    expect(item).toMatchObject({ kind: 'removal_request', ownerId: owner.user.id });
    const detail = (await adminCall(t, moderator, 'GET', `/api/admin/queue/${item!.id}`)).json() as QueueItemDetail;
    expect(detail.context).toMatchObject({ ref: { type: 'image', id: img.id }, moderation: { hidden: false } });

    const settle = () =>
      adminCall(t, moderator, 'POST', `/api/admin/removal-requests/${item!.refId}/resolve`, { outcome: 'removed', reason });
    const early = await settle();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Hide or remove a picture by @${owner.user.username} first: the requester will be told it was removed.`,
    );
    expect((await act(moderator, img.id, 'hide')).statusCode).toBe(200);
    expect((await settle()).statusCode).toBe(200);
  });
});

describe('hide, remove and restore', () => {
  it('a hidden picture is private and stays private for its owner until moderators restore it', async () => {
    const [owner, viewer] = [await buildUser(t, { coins: 50 }), await buildUser(t)];
    const img = await picture(owner);
    expect(await listed(null)).toContain(img.id);

    const hide = await act(moderator, img.id, 'hide');
    expect(hide.statusCode).toBe(200);
    expect(hide.json().message).toBe(`A picture by @${owner.user.username} is hidden.`);
    expect((await act(moderator, img.id, 'hide')).statusCode).toBe(409);

    // Gone from every gallery and its public link; its owner still has it, marked, private.
    expect(await listed(null)).not.toContain(img.id);
    expect(await listed(viewer, `?userId=${owner.user.id}`)).not.toContain(img.id);
    expect((await call(viewer, 'GET', `/api/images/${img.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: img.url! })).statusCode).toBe(404);
    const own = (await call(owner, 'GET', `/api/images/${img.id}`)).json() as ImageItem;
    expect(own).toMatchObject({ visibility: 'private', moderationHidden: true });
    expect(await listed(owner, `?userId=${owner.user.id}`)).toContain(img.id);

    // Sharing it again is refused; keeping it private is fine.
    const share = await call(owner, 'PATCH', `/api/images/${img.id}`, { visibility: 'public' });
    expect(share.statusCode).toBe(409);
    expect(share.json()).toMatchObject({ error: { code: 'MODERATION_HOLD' }, message: IMAGE_HOLD_MESSAGE });
    expect((await call(owner, 'GET', `/api/images/${img.id}`)).json()).toMatchObject({ visibility: 'private' });
    expect((await notes(owner)).items[0]).toMatchObject({
      kind: 'moderation',
      title: `Moderators hid a picture by @${owner.user.username}`,
      link: '/user-gallery',
    });

    const restore = await act(moderator, img.id, 'restore');
    expect(restore.statusCode).toBe(200);
    expect(await listed(null)).toContain(img.id);
    const back = (await call(owner, 'GET', `/api/images/${img.id}`)).json() as ImageItem;
    expect(back.visibility).toBe('public');
    expect(back.moderationHidden).toBeUndefined();
    expect((await call(owner, 'PATCH', `/api/images/${img.id}`, { visibility: 'private' })).statusCode).toBe(200);
  });

  it('a removed picture is gone for its owner too; the console still shows it, and restore brings it back', async () => {
    const owner = await buildUser(t, { coins: 50 });
    const img = await picture(owner, { visibility: 'private' });
    expect((await act(moderator, img.id, 'remove')).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/images/${img.id}`)).statusCode).toBe(404);
    expect(await listed(owner, `?userId=${owner.user.id}`)).not.toContain(img.id);
    // The owner's own signed link no longer opens it.
    expect((await t.app.inject({ url: img.url! })).statusCode).toBe(404);

    const context = await t.modules.moderation.services.subjects.get('image').context(img.id);
    expect(context).toMatchObject({ missing: false, moderation: { removed: true } });
    expect((await t.app.inject({ url: context.imageUrl! })).statusCode).toBe(200);

    expect((await act(moderator, img.id, 'restore')).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/images/${img.id}`)).json()).toMatchObject({ id: img.id, visibility: 'private' });
    expect((await act(moderator, img.id, 'restore')).statusCode).toBe(409);
  });
});

describe("a suspended owner's pictures", () => {
  it('leave every gallery (a held one stays hidden after the suspension is lifted), and the rest come back', async () => {
    const owner = await buildUser(t, { coins: 100 });
    const character = await buildCharacter(t, owner, { name: 'Petra Lune' });
    const [a, b, privateOne, hiddenOne] = [
      await picture(owner, { characterId: character.id }),
      await picture(owner),
      await picture(owner, { visibility: 'private' }),
      await picture(owner),
    ];
    await act(moderator, hiddenOne.id, 'hide');

    const suspend = await adminCall(t, admin, 'POST', `/api/admin/users/${owner.user.id}/actions`, { action: 'suspend', reason });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().message).toBe(
      `@${owner.user.username} is suspended: signed out everywhere, sign-in refused, 1 public or unlisted character and 2 public images hidden.`,
    );
    const everyone = await listed(null);
    for (const img of [a, b, hiddenOne]) expect(everyone).not.toContain(img.id);
    // The character's gallery is gone with the character (held too).
    expect((await call(null, 'GET', `/api/images?characterId=${character.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: a.url! })).statusCode).toBe(404);
    expect((await t.deps.uow.repos.images.findForModeration(privateOne.id))?.moderationHold).toBeNull();

    const lift = await adminCall(t, admin, 'POST', `/api/admin/users/${owner.user.id}/actions`, { action: 'unsuspend', reason });
    expect(lift.json().message).toBe(`@${owner.user.username} can sign in again; 1 character and 2 images restored.`);
    const after = await listed(null);
    expect(after).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(after).not.toContain(hiddenOne.id);
    expect(await t.deps.uow.repos.images.findForModeration(hiddenOne.id)).toMatchObject({
      moderationHold: 'hidden',
      visibility: 'private',
    });
    expect(await t.deps.uow.repos.images.findForModeration(privateOne.id)).toMatchObject({ visibility: 'private', moderationHold: null });
  });
});
