import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----reverie' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('preferences', () => {
  it('saves onboarding tags and derives nsfwEnabled from an NSFW tag', async () => {
    const alice = await buildUser(t);
    const tags = ['female', 'fantasy', 'romance', 'playful', 'nsfw'];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${alice.user.id}/preferences`,
      headers: alice.auth,
      payload: { selectedTags: tags, completedOnboarding: true, nsfwEnabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toEqual({ selectedTags: tags, completedOnboarding: true, nsfwEnabled: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.auth });
    expect(me.json().preferences.completedOnboarding).toBe(true);
  });

  it('rejects unknown tags and more than 8', async () => {
    const alice = await buildUser(t);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${alice.user.id}/preferences`,
      headers: alice.auth,
      payload: { selectedTags: ['female', 'not-a-tag'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown tags: not-a-tag');
    const many = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${alice.user.id}/preferences`,
      headers: alice.auth,
      payload: { selectedTags: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('selectedTags: Choose at most 8 tags');
  });

  it("answers 404 for another user's preferences, settings and avatar, and 401 without a token", async () => {
    const [alice, bob] = [await buildUser(t), await buildUser(t)];
    const calls = [
      { method: 'PUT' as const, url: `/api/users/${bob.user.id}/preferences`, payload: { selectedTags: [] } },
      { method: 'PUT' as const, url: `/api/users/${bob.user.id}/settings`, payload: { language: 'de' } },
      { method: 'DELETE' as const, url: `/api/users/${bob.user.id}/avatar` },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: alice.auth });
      expect(res.statusCode, c.url).toBe(404);
      expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
    }
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const mp = multipart('file', 'a.png', 'image/png', png);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/users/${bob.user.id}/avatar`,
      headers: { ...alice.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(upload.statusCode).toBe(404);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bob.auth });
    expect(me.json().settings.language).toBe('en');
  });
});

describe('settings', () => {
  it('merges a partial update', async () => {
    const alice = await buildUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${alice.user.id}/settings`,
      headers: alice.auth,
      payload: { emailNotifications: false },
    });
    expect(res.json().settings).toEqual({ emailNotifications: false, showNsfwByDefault: false, language: 'en' });
  });

  it('refuses a language that is not a short language tag', async () => {
    const alice = await buildUser(t);
    const put = (language: string) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${alice.user.id}/settings`, headers: alice.auth, payload: { language } });
    const huge = await put('x'.repeat(900_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^language: /);
    expect((await put('en\u0000')).statusCode).toBe(400);
    expect((await put('pt-BR')).json().settings.language).toBe('pt-BR');
  });
});

describe('avatar', () => {
  it('re-encodes an upload to a 512px WebP, serves it, and deletes it', async () => {
    const alice = await buildUser(t);
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const mp = multipart('file', 'me.jpg', 'image/jpeg', jpeg);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${alice.user.id}/avatar`,
      headers: { ...alice.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().avatarUrl as string;
    expect(url).toMatch(/^\/media\/avatars\/users\/.+\.webp$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();

    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${alice.user.id}/avatar`, headers: alice.auth });
    expect(del.json().avatarUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, and a missing file field', async () => {
    const alice = await buildUser(t);
    const mp = multipart('file', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${alice.user.id}/avatar`,
      headers: { ...alice.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not an image we can read/);
    const wrongField = multipart('photo', 'a.png', 'image/png', Buffer.from('x'));
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/users/${alice.user.id}/avatar`,
      headers: { ...alice.auth, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(res2.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/users/${alice.user.id}/avatar`,
      headers: alice.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('public profile', () => {
  it('shows what anyone may see and nothing private', async () => {
    const bob = await buildUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${bob.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bob.user.id, username: bob.user.username });
    expect(res.json()).not.toHaveProperty('email');
    expect(res.json()).not.toHaveProperty('coins');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/not-a-uuid' })).statusCode).toBe(400);
  });
});
