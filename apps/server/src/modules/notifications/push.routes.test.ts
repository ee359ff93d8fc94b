// Web Push over HTTP: the public key, devices (subscribe, list, remove: only the owner's; bounded; refused endpoints
// and bad input), what may push and quiet hours (validated), the VAPID key pair kept across restarts, and the
// service worker's "opened" call.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DEVICES_MAX, type PushDevice, type PushSettings } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { BrowserKeys } from '../../../test/push-peer.ts';
import { loadPushKeys } from './push-keys.ts';
import { pushConfigFromEnv } from './push.config.ts';

let t: TestApp;
const ORIGIN = 'https://fcm.googleapis.com';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const endpoint = () => `${ORIGIN}/fcm/send/device-${process.pid}-${++n}`;
const subscribe = (u: BuiltUser, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/push/devices', headers: u.auth, payload: body });
const device = (extra: Record<string, unknown> = {}) => ({
  endpoint: endpoint(),
  keys: new BrowserKeys().json,
  label: 'Firefox on Android',
  ...extra,
});
const devices = async (u: BuiltUser): Promise<PushDevice[]> =>
  (await t.app.inject({ url: '/api/push/devices', headers: u.auth })).json<{ items: PushDevice[] }>().items;

describe('the VAPID key pair', () => {
  it('is served to the web, generated once per data directory and kept across restarts', async () => {
    const res = await t.app.inject({ url: '/api/push/config' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65); // an uncompressed P-256 point

    const dir = await mkdtemp(path.join(os.tmpdir(), 'vapid-'));
    const config = { dataDir: dir, push: pushConfigFromEnv({}, 'http://localhost:8080') };
    const first = await loadPushKeys(config);
    const again = await loadPushKeys(config);
    expect(again.publicKey).toBe(first.publicKey);
    expect(again.privateKey).toBe(first.privateKey);
    expect((await loadPushKeys({ ...config, dataDir: await mkdtemp(path.join(os.tmpdir(), 'vapid-')) })).publicKey).not.toBe(
      first.publicKey,
    );
  });

  it('comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (both or neither)', async () => {
    const pair = { VAPID_PUBLIC_KEY: 'BPub', VAPID_PRIVATE_KEY: 'priv' };
    const keys = await loadPushKeys({
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'vapid-')),
      push: pushConfigFromEnv(pair, 'http://x'),
    });
    expect(keys).toMatchObject({ publicKey: 'BPub', privateKey: 'priv' });
    expect(() => pushConfigFromEnv({ VAPID_PUBLIC_KEY: 'BPub' }, 'http://x')).toThrow(/set together/);
    expect(pushConfigFromEnv({}, 'https://reverie.example').subject).toBe('https://reverie.example');
  });
});

describe('devices', () => {
  it('subscribe, list, subscribe the same browser again (one row), remove', async () => {
    const u = await buildUser(t);
    const body = device();
    const res = await subscribe(u, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ label: 'Firefox on Android', endpoint: body.endpoint, lastPushAt: null });
    expect((await subscribe(u, { ...body, keys: new BrowserKeys().json })).statusCode).toBe(201);
    const list = await devices(u);
    expect(list).toHaveLength(1);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/push/devices/${list[0]!.id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
    expect(await devices(u)).toEqual([]);
  });

  it("another user's device answers 404 and stays; without a session 401", async () => {
    const [owner, other] = [await buildUser(t), await buildUser(t)];
    const id = (await subscribe(owner, device())).json<PushDevice>().id;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/push/devices/${id}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Device not found');
    expect(await devices(other)).toEqual([]);
    expect((await devices(owner)).map((d) => d.id)).toEqual([id]);
    expect((await t.app.inject({ url: '/api/push/devices' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/push/devices', payload: device() })).statusCode).toBe(401);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices per account: the oldest makes room`, async () => {
    const u = await buildUser(t);
    const ids: string[] = [];
    for (let i = 0; i <= PUSH_DEVICES_MAX; i++) ids.push((await subscribe(u, device({ label: `Device ${i}` }))).json<PushDevice>().id);
    const list = await devices(u);
    expect(list).toHaveLength(PUSH_DEVICES_MAX);
    expect(list.map((d) => d.id)).not.toContain(ids[0]);
    expect(list[0]!.id).toBe(ids[PUSH_DEVICES_MAX]);
  });

  it('refuses endpoints outside the push services, and bad or control-character input, with a sentence', async () => {
    const u = await buildUser(t);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [device({ endpoint: 'https://169.254.169.254/latest/meta-data' }), /push service is not one Reverie sends to/],
      [device({ endpoint: 'http://fcm.googleapis.com/fcm/send/x' }), /push service is not one Reverie sends to/],
      [device({ endpoint: 'https://fcm.googleapis.com.evil.test/x' }), /push service is not one Reverie sends to/],
      [device({ endpoint: `${ORIGIN}/${'a'.repeat(1000)}` }), /1000/],
      [device({ endpoint: 'not a url' }), /push service URL/],
      [device({ label: 'Phone\u0007' }), /Control characters/],
      [device({ label: 'x'.repeat(81) }), /80/],
      [device({ keys: { p256dh: 'not base64!', auth: 'abc' } }), /base64url/],
      [device({ keys: { p256dh: 'abc\u0000', auth: 'abc' } }), /Control characters/],
      [{ endpoint: endpoint() }, /keys/],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(u, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect(await devices(u)).toEqual([]);
  });
});

describe('what may push, and quiet hours', () => {
  const put = (u: BuiltUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload });

  it('everything on and no quiet hours until changed; switches and quiet hours are saved', async () => {
    const u = await buildUser(t);
    const first = await t.app.inject({ url: '/api/push/settings', headers: u.auth });
    expect(first.json()).toEqual({
      topics: { images: true, followers: true, support: true, characters: true, replies: true },
      quietHours: null,
    });
    const quietHours = { start: '22:30', end: '07:00', timeZone: 'Europe/Paris' };
    expect((await put(u, { topics: { followers: false }, quietHours })).json()).toEqual({
      topics: { images: true, followers: false, support: true, characters: true, replies: true },
      quietHours,
    });
    expect((await put(u, { topics: { images: false } })).json<PushSettings>()).toMatchObject({
      topics: { images: false, followers: false },
      quietHours,
    });
    expect((await put(u, { quietHours: null })).json<PushSettings>().quietHours).toBeNull();
    expect((await t.app.inject({ url: '/api/push/settings', headers: u.auth })).json<PushSettings>().topics.followers).toBe(false);
  });

  it('refuses unknown zones and switches, bad times and an empty window', async () => {
    const u = await buildUser(t);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' } }, /time zone this server knows/],
      [{ quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris\u0000' } }, /Control characters/],
      [{ quietHours: { start: '25:00', end: '07:00', timeZone: 'UTC' } }, /time of day/],
      [{ quietHours: { start: '07:00', end: '07:00', timeZone: 'UTC' } }, /different times/],
      [{ topics: { likes: true } }, /likes/],
    ];
    for (const [body, message] of cases) {
      const res = await put(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(message);
    }
  });

  it('isQuietAt: the window in the user’s own zone, across midnight and daylight saving (a moved clock)', async () => {
    const u = await buildUser(t);
    const { push } = t.modules.notifications.services;
    expect(await push.isQuietAt(u.user.id, new Date())).toBe(false);
    await put(u, { quietHours: { start: '22:00', end: '07:00', timeZone: 'America/New_York' } });
    expect(await push.isQuietAt(u.user.id, new Date('2026-01-15T03:30:00Z'))).toBe(true); // 22:30 EST
    expect(await push.isQuietAt(u.user.id, new Date('2026-01-15T11:59:00Z'))).toBe(true); // 06:59 EST
    expect(await push.isQuietAt(u.user.id, new Date('2026-01-15T12:00:00Z'))).toBe(false); // 07:00 EST: over
    expect(await push.isQuietAt(u.user.id, new Date('2026-01-15T02:30:00Z'))).toBe(false); // 21:30 EST
    expect(await push.isQuietAt(u.user.id, new Date('2026-07-15T02:30:00Z'))).toBe(true); // 22:30 EDT
    expect(await push.isQuietAt(u.user.id, new Date('2026-07-15T11:30:00Z'))).toBe(false); // 07:30 EDT
  });
});

describe('a push opened on a device', () => {
  it('marks its notification read with the token it carried; a wrong token or id is 404', async () => {
    const u = await buildUser(t);
    const { notifications, push } = t.modules.notifications.services;
    const n = (await notifications.notify(u.user.id, { kind: 'ticket_reply', data: { subject: 'Coins' }, link: '/support' }))!;
    const open = (id: string, token: string) => t.app.inject({ method: 'POST', url: '/api/push/opened', payload: { id, token } });
    const other = await buildUser(t);
    expect((await open(n.id, push.openedToken(n.id, other.user.id))).statusCode).toBe(404);
    expect((await open('00000000-0000-4000-8000-000000000000', push.openedToken(n.id, u.user.id))).statusCode).toBe(404);
    expect((await open(n.id, 'x'.repeat(200))).statusCode).toBe(400);
    const unread = await t.app.inject({ url: '/api/notifications?unreadOnly=true', headers: u.auth });
    expect(unread.json().unreadCount).toBe(1);

    expect((await open(n.id, push.openedToken(n.id, u.user.id))).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/notifications', headers: u.auth });
    expect(after.json()).toMatchObject({ unreadCount: 0, items: [{ id: n.id, read: true }] });
  });
});
