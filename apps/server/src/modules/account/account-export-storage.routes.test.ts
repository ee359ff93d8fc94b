// "Download my data" in media storage (#47.3): the zip is streamed into storage under the private `exports/` folder
// (never at /media), its row keeps only the key, a download streams it with its length, the sweep removes the file,
// and an export larger than ACCOUNT_EXPORT_MAX_MB fails with a sentence and a notification. Runs on PGlite and, with
// DATABASE_URL/REDIS_URL, on PostgreSQL + Redis.
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { quickUser, type Caller } from '../characters/test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function exportOf(app: TestApp, who: Caller): Promise<AccountExport> {
  const res = await app.app.inject({ method: 'POST', url: '/api/account/exports', headers: who.auth });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = (res.json() as { export: AccountExport }).export;
  for (let i = 0; i < 200; i++) {
    const list = await app.app.inject({ url: '/api/account/exports', headers: who.auth });
    const row = (list.json() as { exports: AccountExport[] }).exports.find((e) => e.id === id);
    if (row && row.status !== 'pending') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export never finished');
}

describe('account exports in media storage (#47.3)', () => {
  it('keeps the zip in storage under exports/, never served at /media, and streams it with its length', async () => {
    const who = await quickUser(t);
    const ready = await exportOf(t, who);
    expect(ready.status).toBe('ready');
    const row = (await t.deps.uow.repos.account.exportInfo(ready.id))!;
    expect(row.fileKey).toMatch(new RegExp(`^exports/${who.user.id}/[0-9a-f]{24}\\.zip$`));
    expect(row).not.toHaveProperty('archive');
    const stored = (await t.deps.storage.get(row.fileKey!))!;
    expect(stored.bytes.length).toBe(ready.sizeBytes);

    const download = await t.app.inject({ url: `/api/account/exports/${ready.id}/download`, headers: who.auth });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(ready.sizeBytes));
    expect(download.rawPayload.equals(stored.bytes)).toBe(true);
    expect(Object.keys(unzipSync(download.rawPayload))).toEqual(expect.arrayContaining(['profile.json', 'README.txt']));

    // The file's own address is not a way in, with or without a session.
    for (const headers of [{}, who.auth]) {
      expect((await t.app.inject({ url: `/media/${row.fileKey}`, headers })).statusCode).toBe(404);
    }
  });

  it('drops the file from storage when the export expires (410 afterwards)', async () => {
    const who = await quickUser(t);
    const ready = await exportOf(t, who);
    const { fileKey } = (await t.deps.uow.repos.account.exportInfo(ready.id))!;
    expect(await t.deps.storage.exists(fileKey!)).toBe(true);
    const swept = await t.modules.account.services.exports.sweep(new Date(Date.now() + 8 * 86_400_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await t.deps.storage.exists(fileKey!)).toBe(false);
    expect((await t.deps.uow.repos.account.exportInfo(ready.id))!.fileKey).toBeNull();
    const gone = await t.app.inject({ url: `/api/account/exports/${ready.id}/download`, headers: who.auth });
    expect(gone.statusCode).toBe(410);
  });

  it('refuses an export larger than ACCOUNT_EXPORT_MAX_MB with a sentence and a notification, keeping no file', async () => {
    const small = await createTestApp({ ACCOUNT_EXPORT_MAX_MB: '0.002' }); // 2 KB
    try {
      const who = await quickUser(small);
      const fileKey = `images/${who.user.id}/pic/full.webp`;
      await small.deps.storage.put(fileKey, randomBytes(4096), 'image/webp');
      await small.deps.uow.repos.images.insertImages([
        { ownerId: who.user.id, source: 'generated', status: 'ready', prompt: 'a 4 KB picture', width: 64, height: 64, fileKey },
      ]);
      const failed = await exportOf(small, who);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(
        'Your data is larger than the 0.002 MB an export may hold, so it could not be made. Download your characters and chats from Settings one by one, or write to support.',
      );
      expect((await small.deps.uow.repos.account.exportInfo(failed.id))!.fileKey).toBeNull();
      // The notification is written after the failure is saved (in the background): it may come a moment later.
      const inbox = async () => (await small.app.inject({ url: '/api/notifications', headers: who.auth })).body;
      await expect.poll(inbox, { timeout: 10_000 }).toContain('account_export');
      const download = await small.app.inject({ url: `/api/account/exports/${failed.id}/download`, headers: who.auth });
      expect(download.statusCode).toBe(409);
      expect(download.json().message).toBe(failed.error);
    } finally {
      await small.close();
    }
  });
});
