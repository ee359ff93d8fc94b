import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_SYNC_MAX_BYTES, negotiate, registerCompression } from './compress.ts';

async function appWith(body: () => unknown, type = 'application/json; charset=utf-8') {
  const app = Fastify();
  registerCompression(app);
  app.get('/x', async (_req, reply) => reply.type(type).send(body()));
  await app.ready();
  return app;
}

const bigJson = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Character ${i}`, tags: ['fantasy', 'romance'] })),
});

describe('compression', () => {
  it('picks br over gzip, honours q=0, and answers identity when neither is accepted', () => {
    expect(negotiate('gzip, deflate, br')).toBe('br');
    expect(negotiate('gzip;q=1, br;q=0')).toBe('gzip');
    expect(negotiate('deflate')).toBeUndefined();
    expect(negotiate('*')).toBe('br');
    expect(negotiate(undefined)).toBeUndefined();
  });

  it('compresses a JSON answer the client can decode, with Vary, and leaves small ones alone', async () => {
    const app = await appWith(() => bigJson);
    const br = await app.inject({ url: '/x', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigJson);
    expect(br.rawPayload.length).toBeLessThan(bigJson.length / 3);

    const gz = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigJson);

    const plain = await app.inject({ url: '/x' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(bigJson);
    await app.close();

    const small = await appWith(() => ({ ok: true }));
    const res = await small.inject({ url: '/x', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
    await small.close();
  });

  it('compresses bodies above the inline limit off the event loop with the same result', async () => {
    const huge = 'x'.repeat(COMPRESS_SYNC_MAX_BYTES * 2);
    const app = await appWith(() => huge, 'text/plain');
    const res = await app.inject({ url: '/x', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(huge);
    await app.close();
  });

  it('never touches images or streams', async () => {
    const png = Buffer.alloc(4096, 7);
    const app = await appWith(() => png, 'image/png');
    const res = await app.inject({ url: '/x', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(png)).toBe(true);
    await app.close();

    const { Readable } = await import('node:stream');
    const streaming = await appWith(() => Readable.from([bigJson]), 'text/event-stream');
    const s = await streaming.inject({ url: '/x', headers: { 'accept-encoding': 'br' } });
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(s.body).toBe(bigJson);
    await streaming.close();
  });
});
