import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HealthRegistry } from '../health.ts';
import { createMediaStorage, mediaKey, S3EnvSchema, s3ConfigFromEnv, S3StorageError } from './index.ts';
import { LocalMediaStorage } from './local.ts';
import { S3MediaStorage } from './s3.ts';
import { BUCKET, KEY_ID, REGION, SECRET, startS3Peer } from '../../../test/s3-peer.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function startS3() {
  const peer = await startS3Peer();
  closers.push(peer.close);
  return peer;
}

const storageFor = (endpoint: string, over: Partial<ConstructorParameters<typeof S3MediaStorage>[0]> = {}) =>
  new S3MediaStorage({ endpoint, bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET, ...over });

describe('S3 storage', () => {
  it('streams a file from disk into the bucket and back (account exports, #47.3), private and uncached', async () => {
    const s3 = await startS3();
    const storage = storageFor(s3.url);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 's3-stream-')), 'export.zip');
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    writeFileSync(file, bytes);
    const key = mediaKey(['exports', 'user-1'], 'zip');
    await storage.putFile(key, file, 'application/zip', { cacheControl: 'private, no-store' });
    expect(s3.objects.get(key)).toMatchObject({ contentType: 'application/zip', cacheControl: 'private, no-store' });
    const stored = (await storage.getStream(key))!;
    expect(stored.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.getStream(mediaKey(['exports', 'user-1'], 'zip'))).toBeNull();
  });

  it('puts, heads, gets and deletes objects with signed requests, content type and cache headers', async () => {
    const s3 = await startS3();
    const storage = storageFor(s3.url);
    const key = mediaKey(['images', 'user-1'], 'webp');
    const url = await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(url).toBe(`${s3.url}/${BUCKET}/${key}`);
    expect(s3.objects.get(key)).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('RIFF....WEBP'), contentType: 'image/webp' });
    expect(storage.keyFromUrl(url)).toBe(key);
    await storage.removeByUrl(url);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.remove(key); // a missing object is not an error
    expect(await storage.health()).toMatchObject({ status: 'ok' });
    expect(s3.log.every((r) => r.verdict === 'ok')).toBe(true);
    expect(s3.log.map((r) => r.method)).toEqual(['PUT', 'HEAD', 'GET', 'DELETE', 'HEAD', 'GET', 'DELETE', 'HEAD']);
  });

  it('fails with the reason when the signature is wrong (wrong secret)', async () => {
    const s3 = await startS3();
    const storage = storageFor(s3.url, { secretAccessKey: 'not-the-secret' });
    const err = await storage.put('images/a.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3StorageError);
    expect(err).toMatchObject({
      status: 403,
      s3Code: 'SignatureDoesNotMatch',
      message: expect.stringContaining('The file storage refused PUT images/a.webp (403 SignatureDoesNotMatch)'),
    });
    expect(s3.objects.size).toBe(0);
    expect(await storage.health()).toMatchObject({
      status: 'down',
      detail: expect.stringContaining('(403): access denied: check S3_ACCESS_KEY_ID'),
    });
  });

  it('refuses unsafe keys before sending anything', async () => {
    const s3 = await startS3();
    const storage = storageFor(s3.url);
    for (const key of [
      '../etc/passwd',
      'images/../../x.webp',
      '/abs.webp',
      '.hidden',
      'a//b.webp',
      'a/b\u0000.webp',
      'images/%2e%2e/x',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow('unsafe media key');
    }
    expect(s3.log).toEqual([]);
    expect(storage.keyFromUrl(`${s3.url}/${BUCKET}/..%2Fsecret`)).toBeUndefined();
    expect(storage.keyFromUrl('https://elsewhere.example/x.webp')).toBeUndefined();
  });

  it('serves from S3_PUBLIC_URL when a CDN is set, and names a missing bucket', async () => {
    const s3 = await startS3();
    const cdn = storageFor(s3.url, { publicUrl: 'https://cdn.example.com/media' });
    expect(await cdn.put('avatars/u1/a.webp', Buffer.from('x'), 'image/webp')).toBe('https://cdn.example.com/media/avatars/u1/a.webp');
    expect(cdn.keyFromUrl('https://cdn.example.com/media/avatars/u1/a.webp')).toBe('avatars/u1/a.webp');
    const wrongBucket = storageFor(s3.url, { bucket: 'other-bucket' });
    expect(await wrongBucket.health()).toMatchObject({ status: 'down', detail: expect.stringContaining('404') });
  });

  it('says the storage could not be reached when nothing listens', async () => {
    const s3 = await startS3();
    await closers.pop()!();
    const storage = storageFor(s3.url);
    await expect(storage.put('a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /^The file storage could not be reached: ECONNREFUSED/,
    );
  });

  it('is chosen by S3_BUCKET and refuses an incomplete setup', async () => {
    expect(s3ConfigFromEnv(S3EnvSchema.parse({}))).toBeUndefined();
    expect(() => s3ConfigFromEnv(S3EnvSchema.parse({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' }))).toThrow(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too',
    );
    expect(() => S3EnvSchema.parse({ S3_BUCKET: '../x' })).toThrow();
    const s3 = s3ConfigFromEnv(
      S3EnvSchema.parse({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    );
    const health = new HealthRegistry();
    const storage = await createMediaStorage({ dataDir: '/nonexistent', s3 }, { health });
    expect([storage.kind, health.list()[0]?.kind]).toEqual(['s3', 's3']);
  });
});

describe('local storage', () => {
  it('stores, reads and removes files under its root and refuses traversal', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'media-'));
    const storage = new LocalMediaStorage(root);
    const key = mediaKey(['images', 'u1'], 'webp');
    const url = await storage.put(key, Buffer.from('webp-bytes'));
    expect(url).toBe(`/media/${key}`);
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('webp-bytes'), contentType: 'image/webp' });
    expect(await storage.exists(key)).toBe(true);
    await storage.removeByUrl(url);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.put('../escape.webp', Buffer.from('x'))).rejects.toThrow('unsafe media key');
    await expect(storage.get('images/../../etc/passwd')).rejects.toThrow('unsafe media key');
    await storage.removeByUrl('/media/../../etc/passwd'); // ignored, not followed
    expect(() => mediaKey(['..'], 'webp')).toThrow('unsafe media key');
  });
});
