// Notifications over HTTP: what events create (followers, batched likes, a followed creator's new character, an image
// job, a ticket reply), reading, marking read, deleting — each only by its owner — and live delivery to open tabs over
// server-sent events, in one process and (with PostgreSQL + Redis) across two app instances.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '@reverie/shared';
import { composeApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { openEventStream } from '../../../test/event-stream.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const settle = () => t.deps.background.drain();

async function list(u: BuiltUser, qs = ''): Promise<NotificationsPage> {
  const res = await t.app.inject({ url: `/api/notifications${qs}`, headers: u.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('events become notifications', () => {
  it('a new follower, once (following again is not news)', async () => {
    const [creator, fan] = [await buildUser(t), await buildUser(t)];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/follows/users/${creator.user.id}/follow`, headers: fan.auth });
      expect(res.statusCode).toBe(200);
    }
    await settle();
    const page = await list(creator);
    expect(page.items.map((n) => n.title)).toEqual([`${fan.user.username} started following you`]);
    expect(page.items[0]).toMatchObject({ kind: 'follower', link: `/creators/${fan.user.id}`, read: false });
    expect(page.unreadCount).toBe(1);
  });

  it('likes on one character are batched into one unread notification ("Aria got 12 new likes")', async () => {
    const creator = await buildUser(t);
    const aria = await buildCharacter(t, creator, { name: 'Aria' });
    const fans = await Promise.all(Array.from({ length: 12 }, () => buildUser(t)));
    for (const fan of fans) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/characters/${aria.id}/likes`, headers: fan.auth });
      expect(res.statusCode).toBe(200);
      await settle();
    }
    // The creator's own like is not news.
    await t.app.inject({ method: 'PUT', url: `/api/characters/${aria.id}/likes`, headers: creator.auth });
    await settle();
    const page = await list(creator);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'likes', title: 'Aria got 12 new likes', count: 12, link: `/characters/${aria.id}` });

    // Once read, the next like starts a new notification.
    await t.app.inject({ method: 'PUT', url: `/api/notifications/${page.items[0]!.id}/read`, headers: creator.auth });
    const late = await buildUser(t);
    await t.app.inject({ method: 'PUT', url: `/api/characters/${aria.id}/likes`, headers: late.auth });
    await settle();
    const after = await list(creator);
    expect(after.items.map((n) => n.title)).toEqual(['Aria got a new like', 'Aria got 12 new likes']);
    expect(after.unreadCount).toBe(1);
  });

  it("tells every follower about a creator's new public character, once", async () => {
    const creator = await buildUser(t);
    const followers = [await buildUser(t), await buildUser(t)];
    const stranger = await buildUser(t);
    for (const f of followers) await t.app.inject({ method: 'POST', url: `/api/follows/users/${creator.user.id}/follow`, headers: f.auth });
    await settle();
    const c = await buildCharacter(t, creator, { name: 'Nyx Hollow', tagline: 'A lighthouse keeper' });
    const { notifications } = t.modules.notifications.services;
    expect(await notifications.notifyFollowersOfNewCharacter(creator.user.id, c.id)).toBe(2);
    expect(await notifications.notifyFollowersOfNewCharacter(creator.user.id, c.id)).toBe(0);
    for (const f of followers) {
      const [n] = (await list(f)).items;
      expect(n).toMatchObject({
        kind: 'new_character',
        title: `${creator.user.username} published Nyx Hollow`,
        body: 'A lighthouse keeper',
      });
    }
    expect((await list(stranger)).total).toBe(0);
    // Private characters are not announced.
    const hidden = await buildCharacter(t, creator, { visibility: 'private' });
    expect(await notifications.notifyFollowersOfNewCharacter(creator.user.id, hidden.id)).toBe(0);
  });

  it('an image job finished while the user was away (notify, for the images module)', async () => {
    const u = await buildUser(t);
    const n = await t.modules.notifications.services.notifications.notify(u.user.id, {
      kind: 'image_ready',
      data: { characterName: 'Aria', images: 4 },
      link: '/user-gallery',
    });
    expect(n).toMatchObject({ title: '4 images of Aria are ready', link: '/user-gallery', read: false });
    await expect(
      t.modules.notifications.services.notifications.notify(u.user.id, { kind: 'image_ready', link: 'https://evil.example/' }),
    ).rejects.toThrow(/app paths/);
  });
});

describe('reading and clearing', () => {
  async function withNotes(n: number) {
    const u = await buildUser(t);
    const { notifications } = t.modules.notifications.services;
    const notes: Notification[] = [];
    for (let i = 0; i < n; i++)
      notes.push((await notifications.notify(u.user.id, { kind: 'monthly_coins', data: { coins: 300 + i }, link: '/coins' }))!);
    return { u, notes };
  }

  it('lists newest first, pages, filters unread, marks one and all read, deletes', async () => {
    const { u, notes } = await withNotes(3);
    const first = await list(u, '?limit=2');
    expect(first).toMatchObject({ total: 3, hasMore: true, unreadCount: 3 });
    expect(first.items.map((n) => n.id)).toEqual([notes[2]!.id, notes[1]!.id]);

    const read = await t.app.inject({ method: 'PUT', url: `/api/notifications/${notes[0]!.id}/read`, headers: u.auth });
    expect(read.json()).toMatchObject({ notification: { id: notes[0]!.id, read: true }, unreadCount: 2 });
    expect((await list(u, '?unreadOnly=true')).items.map((n) => n.id)).toEqual([notes[2]!.id, notes[1]!.id]);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${notes[2]!.id}`, headers: u.auth });
    expect(del.json()).toEqual({ success: true, unreadCount: 1 });
    expect((await list(u)).total).toBe(2);

    const all = await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: u.auth });
    expect(all.json()).toEqual({ updated: 1, unreadCount: 0 });
    expect((await list(u, '?unreadOnly=1')).total).toBe(0);
  });

  it("another user's notification answers 404 for read and delete, and is left as it was", async () => {
    const { u, notes } = await withNotes(1);
    const other = await buildUser(t);
    const id = notes[0]!.id;
    for (const [method, url] of [
      ['PUT', `/api/notifications/${id}/read`],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Notification not found');
    }
    expect((await list(other)).total).toBe(0);
    expect((await list(u)).items[0]).toMatchObject({ id, read: false });
  });

  it('needs a session; refuses a malformed id and a bad unreadOnly', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    const u = await buildUser(t);
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/nope/read', headers: u.auth })).statusCode).toBe(400);
    const bad = await t.app.inject({ url: '/api/notifications?unreadOnly=maybe', headers: u.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/unreadOnly: must be true or false/);
  });
});

describe('live delivery over server-sent events', () => {
  it('pushes new notifications, reads and deletes to every open tab of the user, and nothing to others', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    const tabA = await openEventStream(`${base}/api/notifications/stream`, u.accessToken);
    const tabB = await openEventStream(`${base}/api/notifications/stream`, u.accessToken);
    const otherTab = await openEventStream(`${base}/api/notifications/stream`, other.accessToken);
    try {
      expect(tabA.status).toBe(200);
      await tabA.next((e) => e.event === 'ready');
      await tabB.next((e) => e.event === 'ready');
      await otherTab.next((e) => e.event === 'ready');

      await t.app.inject({ method: 'POST', url: `/api/follows/users/${u.user.id}/follow`, headers: other.auth });
      const pushed = await tabA.next((e) => e.event === 'notification');
      expect(pushed.data).toMatchObject({
        unreadCount: 1,
        notification: { kind: 'follower', title: `${other.user.username} started following you` },
      });
      await tabB.next((e) => e.event === 'notification');

      const id = (pushed.data.notification as Notification).id;
      await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: u.auth });
      expect((await tabB.next((e) => e.event === 'read')).data).toEqual({ type: 'read', ids: [id], unreadCount: 0 });
      await t.app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers: u.auth });
      expect((await tabA.next((e) => e.event === 'deleted')).data).toEqual({ type: 'deleted', id, unreadCount: 0 });
      expect(otherTab.events.map((e) => e.event)).toEqual(['ready']);
    } finally {
      for (const s of [tabA, tabB, otherTab]) s.close();
    }
  });

  it('answers the unread count as JSON without the event-stream header, and 401 without a session', async () => {
    const u = await buildUser(t);
    const res = await t.app.inject({ url: '/api/notifications/stream', headers: u.auth });
    expect(res.json()).toEqual({ unreadCount: 0 });
    expect((await fetch(`${base}/api/notifications/stream`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
  });

  it('closes the open streams of a user whose streams are ended (what a suspension does)', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    const tab = await openEventStream(`${base}/api/notifications/stream`, u.accessToken);
    const otherTab = await openEventStream(`${base}/api/notifications/stream`, other.accessToken);
    await tab.next((e) => e.event === 'ready');
    await otherTab.next((e) => e.event === 'ready');
    await t.modules.notifications.services.notifications.endStreams(u.user.id);
    await tab.ended;
    expect(otherTab.events).toHaveLength(1);
    otherTab.close();
  });
});

// Two server processes behind a load balancer: a tab connected to one hears what happened on the other.
describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL?.startsWith('postgres'))('two app instances on one Redis', () => {
  it('delivers a notification created on instance B to a stream open on instance A', async () => {
    const b = await composeApp(t.config);
    await b.app.ready();
    try {
      const [u, fan] = [await buildUser(t), await buildUser(t)];
      const tab = await openEventStream(`${base}/api/notifications/stream`, u.accessToken);
      await tab.next((e) => e.event === 'ready');
      // The follow is handled by instance B (same database, same Redis, same keys).
      const res = await b.app.inject({ method: 'POST', url: `/api/follows/users/${u.user.id}/follow`, headers: fan.auth });
      expect(res.statusCode).toBe(200);
      const pushed = await tab.next((e) => e.event === 'notification');
      expect(pushed.data).toMatchObject({ notification: { kind: 'follower' }, unreadCount: 1 });
      // And the other way round: reading it on B tells the tab on A.
      const id = (pushed.data.notification as Notification).id;
      await b.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: u.auth });
      expect((await tab.next((e) => e.event === 'read')).data).toMatchObject({ ids: [id], unreadCount: 0 });
      tab.close();
    } finally {
      await b.app.close();
    }
  });
});
