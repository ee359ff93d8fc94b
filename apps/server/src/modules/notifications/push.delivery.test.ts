// Web Push for real, through web-push's encryption: a local push service (HTTPS on 127.0.0.1) receives the POST and
// the test decrypts the aes128gcm payload with the browser's private key and auth secret (RFC 8291, written in
// test/push-peer.ts), checks the VAPID signature, then opens it; switches and quiet hours hold; 404/410 removes the device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushDevice, PushPayload } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { BrowserKeys, PushPeer, verifyVapid, type ReceivedPush } from '../../../test/push-peer.ts';

let t: TestApp;
let peer: PushPeer;
beforeAll(async () => {
  peer = await PushPeer.start();
  t = await createTestApp({ PUSH_SERVICES: `${peer.origin},fcm.googleapis.com` }, undefined, { pushAgent: peer.agent });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

async function register(u: BuiltUser): Promise<{ keys: BrowserKeys; device: PushDevice }> {
  const keys = new BrowserKeys();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/devices',
    headers: u.auth,
    payload: { endpoint: peer.endpoint(), keys: keys.json, label: 'Test browser' },
  });
  expect(res.statusCode).toBe(201);
  return { keys, device: res.json() };
}

const supportReply = (u: BuiltUser, subject: string) =>
  t.modules.notifications.services.notifications.notify(u.user.id, {
    kind: 'ticket_reply',
    data: { subject, excerpt: 'We looked into it.' },
    link: '/support/tickets/1',
  });

/** The next push that arrives (after everything queued has been handed to the queue). */
async function nextPush(): Promise<ReceivedPush> {
  const before = peer.received.length;
  await t.deps.background.drain();
  return (await peer.waitFor(before + 1))[before]!;
}
/** An hour either side of now, as local times in `timeZone`. */
function quietAroundNow(timeZone: string) {
  const local = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
  return { start: local(Date.now() - 3600_000), end: local(Date.now() + 3600_000), timeZone };
}

async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const open = (keys: BrowserKeys, push: ReceivedPush): PushPayload => JSON.parse(keys.decrypt(push.body)) as PushPayload;

describe('a notification that pushes', () => {
  it('arrives encrypted for the device, signed with the server’s VAPID key, and opening it marks it read', async () => {
    const [creator, fan] = [await buildUser(t), await buildUser(t)];
    const { keys, device } = await register(creator);
    const follow = await t.app.inject({ method: 'POST', url: `/api/follows/users/${creator.user.id}/follow`, headers: fan.auth });
    expect(follow.statusCode).toBe(200);
    const push = await nextPush();

    expect(push.path).toBe(new URL(device.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBe(86400);
    const { publicKey } = (await t.app.inject({ url: '/api/push/config' })).json<{ publicKey: string }>();
    const vapid = verifyVapid(push.headers.authorization);
    expect(vapid.k).toBe(publicKey);
    expect(vapid.claims.aud).toBe(peer.origin);
    expect(push.body.includes(Buffer.from(fan.user.username))).toBe(false); // the push service sees no words

    const payload = open(keys, push);
    const list = (await t.app.inject({ url: '/api/notifications', headers: creator.auth })).json();
    expect(payload).toMatchObject({
      notificationId: list.items[0].id,
      kind: 'follower',
      title: `${fan.user.username} started following you`,
      link: `/creators/${fan.user.id}`,
    });
    expect(() => new BrowserKeys().decrypt(push.body)).toThrow(); // only this device can read it

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/opened',
      payload: { id: payload.notificationId, token: payload.readToken },
    });
    expect(res.statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/notifications', headers: creator.auth })).json();
    expect(after).toMatchObject({ unreadCount: 0, items: [{ id: payload.notificationId, read: true }] });
    const lastPushAt = () =>
      t.app.inject({ url: '/api/push/devices', headers: creator.auth }).then((r) => r.json<{ items: PushDevice[] }>().items[0]?.lastPushAt);
    await eventually(async () => expect(await lastPushAt()).not.toBeNull());
  });

  it('goes to every device of the account, each able to read only its own copy', async () => {
    const u = await buildUser(t);
    const [a, b] = [await register(u), await register(u)];
    const before = peer.received.length;
    await supportReply(u, 'Two phones');
    await t.deps.background.drain();
    const got = (await peer.waitFor(before + 2)).slice(before);
    const byPath = new Map(got.map((p) => [p.path, p]));
    for (const d of [a, b]) {
      const push = byPath.get(new URL(d.device.endpoint).pathname)!;
      expect(open(d.keys, push).title).toBe('Support replied to “Two phones”');
    }
  });

  it('kinds that do not push, switches turned off and quiet hours send nothing; the bell still has them', async () => {
    const u = await buildUser(t);
    const { keys } = await register(u);
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload });
    const { notifications } = t.modules.notifications.services;

    await notifications.notify(u.user.id, { kind: 'payment', data: { event: 'coins_added', coins: 5 } }); // never pushes
    expect((await put({ topics: { support: false } })).statusCode).toBe(200);
    await supportReply(u, 'Switched off');
    // Quiet hours around the present moment, then a reply during them.
    expect((await put({ topics: { support: true }, quietHours: quietAroundNow('America/Los_Angeles') })).statusCode).toBe(200);
    await supportReply(u, 'During quiet hours');
    expect(await t.modules.notifications.services.push.isQuietAt(u.user.id, new Date())).toBe(true);
    // Quiet hours over: the next one pushes, and it is the only one this device got.
    expect((await put({ quietHours: null })).statusCode).toBe(200);
    await supportReply(u, 'Now');
    const push = await nextPush();
    expect(open(keys, push).title).toBe('Support replied to “Now”');
    const mine = peer.received.filter((p) => {
      try {
        keys.decrypt(p.body);
        return true;
      } catch {
        return false;
      }
    });
    expect(mine).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/notifications', headers: u.auth })).json().unreadCount).toBe(4);
  });

  it('a reply that finished after its page was left pushes under its own switch (#43)', async () => {
    const u = await buildUser(t);
    const { keys } = await register(u);
    const { notifications } = t.modules.notifications.services;
    const replyReady = (excerpt: string) =>
      notifications.notify(u.user.id, {
        kind: 'reply_ready',
        data: { characterName: 'Aria', inGroup: false, excerpt },
        link: '/chat/1?conversation=2',
      });
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload: { topics: { replies: false } } }))
        .statusCode,
    ).toBe(200);
    await replyReady('Switched off.');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload: { topics: { replies: true } } }))
        .statusCode,
    ).toBe(200);
    // A phone prints a notification as it is: role-play markers and line breaks do not reach it.
    await replyReady('*Aria looks up.* The tide\n\nis **in**.');
    const push = await nextPush();
    expect(open(keys, push)).toMatchObject({
      kind: 'reply_ready',
      title: 'Aria replied',
      body: 'Aria looks up. The tide is in.',
      link: '/chat/1?conversation=2',
    });
  });

  it('a push queued before quiet hours began is dropped when it runs during them', async () => {
    const u = await buildUser(t);
    const { device } = await register(u);
    const n = (await t.modules.notifications.services.notifications.notify(u.user.id, { kind: 'follower', data: {} }))!;
    await t.deps.background.drain(); // its own push was queued now
    const put = (quietHours: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload: { quietHours } });
    await put(quietAroundNow('Asia/Tokyo'));
    const { delivery } = t.modules.notifications.services;
    const job = { notificationId: n.id, subscriptionId: device.id };
    expect(await delivery.deliver(job)).toBe('skipped');
    await put(null);
    expect(await delivery.deliver(job)).toBe('sent');
  });
});

describe('the push service says the subscription is gone', () => {
  for (const status of [404, 410]) {
    it(`${status}: the device is removed, and the account's other devices stay`, async () => {
      const u = await buildUser(t);
      const gone = await register(u);
      const kept = await register(u);
      const gonePath = new URL(gone.device.endpoint).pathname;
      peer.status = (p) => (p === gonePath ? status : 201);
      try {
        const before = peer.received.length;
        await supportReply(u, `Gone ${status}`);
        await t.deps.background.drain();
        await peer.waitFor(before + 2);
        await eventually(async () => {
          const items = (await t.app.inject({ url: '/api/push/devices', headers: u.auth })).json<{ items: PushDevice[] }>().items;
          expect(items.map((d) => d.id)).toEqual([kept.device.id]);
        });
      } finally {
        peer.status = () => 201;
      }
    });
  }
});
