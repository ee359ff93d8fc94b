// Media when several processes run: a clear warning at start when REDIS_URL says "several processes" but media stay
// on this process's disk; MEDIA_DIR moves the folder (to one every process shares). With S3, pictures (images/…) must
// not be readable at their bucket URL: the server checks at start, refuses to run in production when they are, and
// the bucket policy of docs/media-storage.md (public avatars and portraits, private images/) passes the check.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BUCKET, KEY_ID, REGION, SECRET, startS3Peer } from '../../../test/s3-peer.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { HealthRegistry } from '../health.ts';
import { createMediaStorage, MEDIA_DIR_WARNING } from './index.ts';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** An app whose warnings and errors are collected. */
async function appWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const t = await createTestApp({ LOG_LEVEL: 'warn', ...env }, undefined, { logStream: stream });
  cleanup.push(() => t.close());
  return { t, log: () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }) };
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const s3Env = (url: string) => ({
  S3_ENDPOINT: url,
  S3_BUCKET: BUCKET,
  S3_REGION: REGION,
  S3_ACCESS_KEY_ID: KEY_ID,
  S3_SECRET_ACCESS_KEY: SECRET,
});

describe('media with several processes', () => {
  it('warns at start when REDIS_URL is set but media stay on this process’s disk', async () => {
    const { t, log } = await appWithLog({ REDIS_URL: redisUrl });
    const warning = log().find((l) => l.msg.startsWith('REDIS_URL is set'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toBe(MEDIA_DIR_WARNING(path.join(t.config.dataDir, 'media')));
    expect(warning?.msg).toContain('Set S3_BUCKET');
  });

  it('does not warn with a MEDIA_DIR every process shares, and serves media from it', async () => {
    const shared = await mkdtemp(path.join(os.tmpdir(), 'reverie-shared-media-'));
    cleanup.push(() => rm(shared, { recursive: true, force: true }));
    await mkdir(path.join(shared, 'avatars'), { recursive: true });
    await writeFile(path.join(shared, 'avatars', 'a1.webp'), 'RIFF-shared');
    const { t, log } = await appWithLog({ REDIS_URL: redisUrl, MEDIA_DIR: shared });
    expect(log().filter((l) => l.msg.startsWith('REDIS_URL is set'))).toEqual([]);
    const res = await t.app.inject({ url: '/media/avatars/a1.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('RIFF-shared');
  });

  it('does not warn with S3', async () => {
    const peer = await startS3Peer({ publicRead: (key) => !key.startsWith('images/') });
    cleanup.push(peer.close);
    const { log } = await appWithLog({ REDIS_URL: redisUrl, ...s3Env(peer.url) });
    expect(log().filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe('S3 and private pictures', () => {
  it('refuses to run in production when anyone can read images/ at the bucket URL', async () => {
    const peer = await startS3Peer({ publicRead: () => true });
    cleanup.push(peer.close);
    const errors: string[] = [];
    const log = { error: (msg: string) => void errors.push(msg) };
    const config = {
      dataDir: os.tmpdir(),
      s3: { endpoint: peer.url, bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET },
    };
    await expect(createMediaStorage({ ...config, env: 'production' }, { health: new HealthRegistry(), log })).rejects.toThrow(
      /^Invalid configuration: anyone can read pictures at .*\/reverie-media\/images\/…: private and removed pictures would be public\. Keep images\/ private \(docs\/media-storage\.md\)\.$/,
    );
    // Elsewhere it starts, saying so loudly.
    await createMediaStorage({ ...config, env: 'development' }, { health: new HealthRegistry(), log });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^anyone can read pictures at /);
  });

  it('with the documented policy: avatars are public, a picture is readable only through the app', async () => {
    const peer = await startS3Peer({ publicRead: (key) => !key.startsWith('images/') });
    cleanup.push(peer.close);
    const storage = await createMediaStorage(
      {
        dataDir: os.tmpdir(),
        env: 'production',
        s3: { endpoint: peer.url, bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET },
      },
      { health: new HealthRegistry(), log: { error: () => {} } },
    );
    const avatar = await storage.put('avatars/users/u1/a.webp', Buffer.from('RIFF-avatar'), 'image/webp');
    expect((await fetch(avatar)).status).toBe(200);
    const picture = await storage.put('images/u1/i1/full.webp', Buffer.from('RIFF-picture'), 'image/webp');
    expect((await fetch(picture)).status).toBe(403);
    expect((await storage.get('images/u1/i1/full.webp'))?.bytes.toString()).toBe('RIFF-picture');
  });
});
